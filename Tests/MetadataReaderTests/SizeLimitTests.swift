import Foundation
import MetadataModel
import MetadataReader
import Testing

/// Hostile sizes get a located error, fast, instead of megabytes of Swift or minutes of work.
struct SizeLimitTests {
    let header =
        #"<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>"#
        + #"<Schema Namespace="D" xmlns="http://docs.oasis-open.org/odata/ns/edm">"#
    let footer = "</Schema></edmx:DataServices></edmx:Edmx>"
    let keyed = #"<Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>"#

    func load(_ body: String) -> LoadResult {
        MetadataLoader().load([.init(name: "limits.xml", bytes: Array((header + body + footer).utf8))])
    }

    @Test func anAbsurdlyLongNameIsALocatedError() throws {
        let name = String(repeating: "N", count: 100_000)
        let result = load(#"<EntityType Name="E">\#(keyed)<Property Name="\#(name)" Type="Edm.String"/></EntityType>"#)
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect(error.description.hasPrefix("limits.xml:1:"))
        #expect(
            error.message
                == "the property name '\(name.prefix(40))…' is 100000 characters long, more than the 1024 any service uses"
        )
    }

    @Test func aNameOfTheLongestAllowedLengthIsRead() {
        let name = String(repeating: "N", count: 1024)
        #expect(!load(#"<EntityType Name="\#(name)">\#(keyed)</EntityType>"#).hasErrors)
    }

    @Test func aBaseTypeChainTenThousandDeepIsRefused() throws {
        var body = #"<EntityType Name="T0">\#(keyed)</EntityType>"#
        for index in 1..<10_000 { body += #"<EntityType Name="T\#(index)" BaseType="D.T\#(index - 1)"/>"# }
        let errors = load(body).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["D.T101 has 101 levels of base types, more than the 100 any service uses"])
    }

    @Test func a100LevelChainIsRead() {
        var body = #"<EntityType Name="T0">\#(keyed)</EntityType>"#
        for index in 1...100 { body += #"<EntityType Name="T\#(index)" BaseType="D.T\#(index - 1)"/>"# }
        #expect(!load(body).hasErrors)
    }
}
