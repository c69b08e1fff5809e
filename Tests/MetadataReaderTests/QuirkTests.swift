import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// Real-world shapes that must read cleanly.
struct QuirkTests {
    static let body = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Q" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Item"><Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                <Property Name="Text" Type="Edm.String" MaxLength="max"/>
                <Property Name="Note" Type="Edm.String" MaxLength="Max"/>
                <Property Name="Код" Type="Edm.String" MaxLength="40"/>
                <Property Name="new_x005f_name" Type="Edm.String"/>
              </EntityType>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    static let variants: [(String, String)] = [
        ("plain", body), ("byte-order mark", "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + body),
        ("CRLF", body.replacingOccurrences(of: "\n", with: "\r\n")),
        ("one line", body.replacingOccurrences(of: "\n", with: "")),
        (
            "blank line and processing instruction",
            "<?xml version=\"1.0\"?>\n\n<?xml-stylesheet type=\"text/xsl\" href=\"x.xsl\"?>\n" + body
        ),
    ]

    @Test(arguments: variants.map(\.0)) func readsCleanly(variant: String) throws {
        let text = try #require(Self.variants.first { $0.0 == variant }?.1)
        let path = try Paths.write(text)
        let result = MetadataLoader().load([path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let item = try #require(result.service.entityTypes.first)
        #expect(item.properties.map(\.name) == ["Id", "Text", "Note", "Код", "new_x005f_name"])
        #expect(item.properties[1].facets.maxLength == .max)
        #expect(item.properties[2].facets.maxLength == .max)
        #expect(item.properties[3].facets.maxLength == .value(40))
    }

    @Test func locationsSurviveCRLFAndOneLine() throws {
        let crlf = try Paths.write(Self.body.replacingOccurrences(of: "\n", with: "\r\n"))
        let item = try #require(MetadataLoader().load([crlf]).service.entityTypes.first)
        #expect(item.location.line == 4 && item.location.column == 7)
        #expect(item.properties[2].location.line == 7)

        let oneLine = try Paths.write(Self.body.replacingOccurrences(of: "\n", with: ""))
        let flat = try #require(MetadataLoader().load([oneLine]).service.entityTypes.first)
        let column = try #require(
            Self.body.replacingOccurrences(of: "\n", with: "").range(of: "<EntityType")?.lowerBound
                .utf16Offset(in: Self.body.replacingOccurrences(of: "\n", with: ""))
        )
        #expect(flat.location.line == 1 && flat.location.column == column + 1)
    }
}
