import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// `edmx:Reference` resolves against local files beside the document, never the network.
struct ReferenceTests {
    let vocabulary = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Example.Common" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <ComplexType Name="Address"><Property Name="City" Type="Edm.String"/></ComplexType>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    func main(referencing uri: String) -> String {
        """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:Reference Uri="\(uri)">
            <edmx:Include Namespace="Example.Common" Alias="Common"/>
          </edmx:Reference>
          <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/Org.OData.Core.V1.xml">
            <edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>
          </edmx:Reference>
          <edmx:DataServices>
            <Schema Namespace="Example.Main" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <ComplexType Name="Customer">
                <Property Name="Address" Type="Common.Address"/>
                <Annotation Term="Core.Description" String="A customer"/>
              </ComplexType>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    @Test(arguments: ["Common.xml", "./Common.xml", "https://example.com/metadata/Common.xml"])
    func localFileBesideTheDocumentIsRead(uri: String) throws {
        let directory = try Paths.temporaryDirectory()
        _ = try Paths.write(vocabulary, named: "Common.xml", in: directory)
        let path = try Paths.write(main(referencing: uri), named: "Main.xml", in: directory)
        let result = MetadataLoader().load([path])
        #expect(result.diagnostics.filter { $0.severity != .note }.isEmpty, "\(result.diagnostics)")
        #expect(result.service.documents.map(\.isReference) == [false, true])
        #expect(result.service.complexType(QualifiedName(namespace: "Example.Common", name: "Address")) != nil)
        let customer = try #require(
            result.service.complexType(QualifiedName(namespace: "Example.Main", name: "Customer"))
        )
        #expect(customer.properties[0].type.description == "Example.Common.Address")
        #expect(customer.coreDescription == "A customer")
    }

    @Test func unresolvedReferenceIsAWarningAndItsTypesStayOpaque() throws {
        let path = try Paths.write(main(referencing: "https://example.com/metadata/Common.xml"), named: "Main.xml")
        let result = MetadataLoader().load([path])
        #expect(!result.hasErrors)
        let messages = result.diagnostics.map { "\($0.location.line): \($0.severity.rawValue)" }
        #expect(messages == ["2: warning", "5: note"])
        #expect(result.service.opaqueNamespaces == ["Example.Common", "Org.OData.Core.V1"])
    }

    @Test func referencesAreReadOnceEvenInACycle() throws {
        let directory = try Paths.temporaryDirectory()
        let a = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:Reference Uri="B.xml"><edmx:Include Namespace="B"/></edmx:Reference>
              <edmx:DataServices><Schema Namespace="A" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                <ComplexType Name="T"><Property Name="b" Type="B.T"/></ComplexType>
              </Schema></edmx:DataServices>
            </edmx:Edmx>
            """
        let b = a.replacingOccurrences(of: "B.xml", with: "A.xml").replacingOccurrences(of: "\"B\"", with: "\"A\"")
            .replacingOccurrences(of: "Namespace=\"A\" xmlns", with: "Namespace=\"B\" xmlns")
            .replacingOccurrences(of: "B.T", with: "A.T")
        let path = try Paths.write(a, named: "A.xml", in: directory)
        _ = try Paths.write(b, named: "B.xml", in: directory)
        let result = MetadataLoader().load([path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.service.schemas.map(\.namespace) == ["A", "B"])
    }
}
