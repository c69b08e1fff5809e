import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// Checks after reading: each finding located at the offending element.
struct SemanticCheckTests {
    func load(_ members: String, strict: Bool = false) throws -> (path: String, result: LoadResult) {
        let text = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="Test" Alias="t" xmlns="http://docs.oasis-open.org/odata/ns/edm">
            \(members)
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let path = try Paths.write(text)
        return (path, MetadataLoader(options: .init(strict: strict)).load([path]))
    }

    func messages(_ result: LoadResult) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }

    @Test func unresolvedTypeReference() throws {
        let (_, result) = try load(
            """
                  <EntityType Name="A"><Key><PropertyRef Name="Id"/></Key>
                    <Property Name="Id" Type="Edm.Int32"/>
                    <Property Name="B" Type="t.Missing"/>
                    <Property Name="C" Type="Edm.Nonsense"/>
                  </EntityType>
            """
        )
        #expect(
            messages(result) == [
                "6:9: warning: property A.B has the type 'Test.Missing', which is not declared",
                "7:9: warning: property A.C has the unknown type 'Edm.Nonsense'",
            ]
        )
    }

    @Test func strictMakesFindingsErrors() throws {
        let (_, result) = try load(
            """
                  <ComplexType Name="A"><Property Name="B" Type="t.Missing"/></ComplexType>
            """,
            strict: true
        )
        #expect(result.hasErrors)
        #expect(messages(result) == ["4:29: error: property A.B has the type 'Test.Missing', which is not declared"])
    }

    @Test func cyclicBaseTypes() throws {
        let (_, result) = try load(
            """
                  <ComplexType Name="A" BaseType="t.B"/>
                  <ComplexType Name="B" BaseType="t.C"/>
                  <ComplexType Name="C" BaseType="Test.A"/>
            """
        )
        #expect(
            messages(result) == [
                "6:7: warning: cyclic base types Test.A → Test.B → Test.C → Test.A; the BaseType of Test.C is ignored"
            ]
        )
    }

    @Test func duplicateNames() throws {
        let (path, result) = try load(
            """
                  <ComplexType Name="A"><Property Name="X" Type="Edm.String"/><Property Name="X" Type="Edm.Int32"/></ComplexType>
                  <EnumType Name="A"><Member Name="One"/></EnumType>
            """
        )
        #expect(
            messages(result) == [
                "5:7: warning: duplicate type name 'Test.A' (first declared at \(path):4:7); this declaration is ignored",
                "4:67: warning: duplicate property name 'X' in A (first declared at \(path):4:29)",
            ]
        )
        #expect(result.service.enumTypes.isEmpty)
    }

    @Test func keyNamingMissingProperty() throws {
        let (_, result) = try load(
            """
                  <EntityType Name="Base"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Guid" Nullable="false"/></EntityType>
                  <EntityType Name="Derived" BaseType="t.Base"/>
                  <EntityType Name="Wrong"><Key><PropertyRef Name="Code"/></Key><Property Name="Id" Type="Edm.Guid"/></EntityType>
            """
        )
        #expect(
            messages(result) == ["6:37: warning: key of entity type Wrong names 'Code', which is not a property of it"]
        )
    }

    @Test func unqualifiedLocalTypeIsQualifiedWithANote() throws {
        let (_, result) = try load(
            """
                  <EnumType Name="Color"><Member Name="Red"/></EnumType>
                  <ComplexType Name="Paint"><Property Name="Color" Type="Color"/></ComplexType>
            """
        )
        #expect(messages(result) == ["5:33: note: type 'Color' is not namespace-qualified; read as 'Test.Color'"])
        #expect(result.service.complexTypes.first?.properties.first?.type.description == "Test.Color")
    }
}
