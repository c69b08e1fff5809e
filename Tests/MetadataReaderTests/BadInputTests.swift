import Foundation
import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// Bad input gets located errors, never a crash, a hang or a leak of local files.
struct BadInputTests {
    let v4Header = """
        <?xml version="1.0" encoding="utf-8"?>
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Test" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        """
    let v4Footer = """
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func load(_ text: String) throws -> (path: String, result: LoadResult) {
        let path = try Paths.write(text)
        return (path, MetadataLoader().load([path]))
    }

    func firstError(_ result: LoadResult) throws -> Diagnostic {
        try #require(result.diagnostics.first { $0.severity == .error })
    }

    @Test func notWellFormed() throws {
        let (path, result) = try load(v4Header + "\n      <EntityType Name=\"A\">\n      </ComplexType>\n" + v4Footer)
        let error = try firstError(result)
        #expect(error.location.file == path)
        #expect(error.location.line == 6)
        #expect(error.description.hasPrefix("\(path):6:"))
        #expect(error.description.contains(": error: "))
    }

    @Test func truncated() throws {
        let text =
            v4Header
            + "\n      <EntityType Name=\"A\"><Key><PropertyRef Name=\"Id\"/></Key>\n        <Property Name=\"Id\" Type=\"Edm.Int32\"/>\n"
        let (path, result) = try load(text)
        let error = try firstError(result)
        #expect(error.location == SourceLocation(file: path, line: 7, column: 1))
        #expect(error.message == "the file ends before <EntityType> (opened at 5:7) is closed; it may be truncated")
        #expect(result.service.entityTypes.isEmpty)
    }

    @Test func emptyFile() throws {
        let (path, result) = try load("")
        #expect(try firstError(result).description == "\(path):1:1: error: the file is empty")
    }

    @Test func missingFile() throws {
        let path = try Paths.temporaryDirectory().appendingPathComponent("absent.xml").path
        let result = MetadataLoader().load([path])
        #expect(try firstError(result).description.hasPrefix("\(path): error: cannot open file"))
    }

    @Test func wrongRootElement() throws {
        let (path, result) = try load("<?xml version=\"1.0\"?>\n<html>\n  <body/>\n</html>\n")
        let error = try firstError(result)
        #expect(error.location == SourceLocation(file: path, line: 2, column: 1))
        #expect(error.message.contains("unrecognised root element <html>"))
    }

    @Test func unknownEdmxVersion() throws {
        let (path, result) = try load(
            "<edmx:Edmx Version=\"5.0\" xmlns:edmx=\"http://docs.oasis-open.org/odata/ns/edmx\"><edmx:DataServices/></edmx:Edmx>"
        )
        let error = try firstError(result)
        #expect(error.location == SourceLocation(file: path, line: 1, column: 1))
        #expect(error.message.contains("unsupported EDMX version '5.0'"))
    }

    @Test func unknownEdmxNamespace() throws {
        let (_, result) = try load("<Edmx Version=\"4.0\" xmlns=\"urn:example:not-edmx\"/>")
        #expect(try firstError(result).message.contains("unknown EDMX namespace 'urn:example:not-edmx'"))
    }

    /// A prefix that is not a well-known one (those are repaired: ToleranceTests).
    @Test func undeclaredPrefix() throws {
        let (path, result) = try load(v4Header + "\n      <EntityType Name=\"A\" foo:label=\"x\"/>\n" + v4Footer)
        let error = try firstError(result)
        #expect(error.location.file == path && error.location.line == 5)
        #expect(error.message.contains("foo"))
    }

    /// A DTD naming a local file as an external entity: rejected, and the file's contents
    /// appear nowhere — not in diagnostics, not in the model.
    @Test func externalEntityIsNeverRead() throws {
        let directory = try Paths.temporaryDirectory()
        let secret = "SECRET-\(UUID().uuidString)"
        let secretPath = try Paths.write(secret, named: "secret.txt", in: directory)
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE edmx:Edmx [ <!ENTITY leak SYSTEM "file://\(secretPath)"> ]>
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="Test" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EntityType Name="A"><Annotation Term="Core.Description" String="&leak;"/></EntityType>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let path = try Paths.write(text, in: directory)
        let result = MetadataLoader().load([path])
        let error = try firstError(result)
        #expect(error.location.line == 2)
        #expect(error.message.contains("document type declarations"))
        let json = try String(decoding: JSONEncoder().encode(result.service), as: UTF8.self)
        #expect(!json.contains(secret))
        #expect(!result.diagnostics.contains { $0.description.contains(secret) })
    }

    /// Exponential entity expansion is rejected at once, before any expansion.
    @Test func billionLaughs() throws {
        var entities = "<!ENTITY lol0 \"lol\">"
        for level in 1...12 {
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\(entities)]>\n<lolz>&lol12;</lolz>\n"
        let start = ContinuousClock.now
        let (path, result) = try load(text)
        #expect(ContinuousClock.now - start < .seconds(2))
        let error = try firstError(result)
        #expect(error.location.file == path && error.location.line == 2)
    }

    @Test func missingRequiredAttribute() throws {
        let (path, result) = try load(
            v4Header + "\n      <EntityType>\n        <Property Name=\"Id\" Type=\"Edm.Int32\"/>\n      </EntityType>\n"
                + v4Footer
        )
        let error = try firstError(result)
        #expect(error.description == "\(path):5:7: error: EntityType has no Name attribute")
    }

    /// Found by mutating documents: an EDMX 1.0 root with a bad version and no content.
    @Test func badVersionWithoutContent() throws {
        let (path, result) = try load(
            "<edmx:Edmx Version=\"x\" xmlns:edmx=\"http://schemas.microsoft.com/ado/2007/06/edmx\"></edmx:Edmx>"
        )
        #expect(
            try firstError(result).description
                == "\(path):1:1: error: unsupported EDMX version 'x'; expected 1.0 (OData v2/v3) or 4.0 (OData v4)"
        )
    }
}
