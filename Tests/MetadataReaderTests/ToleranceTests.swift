import Foundation
import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// Defects of real documents that are repaired with a located warning saying what was repaired,
/// so that generation goes on: cyclic base types, white space before the XML declaration,
/// well-known namespace prefixes used without a declaration, and annotations without a term.
struct ToleranceTests {
    static let v4Header = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="Demo" xmlns="http://docs.oasis-open.org/odata/ns/edm">
        """
    static let v4Footer = """
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    /// A type naming itself, on line 4.
    static let selfReference =
        v4Header + """

                  <EntityType Name="Thing" BaseType="Demo.Thing"><Key><PropertyRef Name="Id"/></Key>
                    <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                  </EntityType>
                  <EntityType Name="Part" BaseType="Demo.Thing"/>
                  <EntityContainer Name="Box"><EntitySet Name="Things" EntityType="Demo.Thing"/></EntityContainer>

            """ + v4Footer

    /// Z → Y → Z among entity types (Y declared last, though first by name), C → E → D → C among
    /// complex types, and a type deriving from a cycle.
    static let cycles =
        v4Header + """

                  <EntityType Name="Z" BaseType="Demo.Y"><Property Name="Note" Type="Edm.String"/></EntityType>
                  <EntityType Name="Y" BaseType="Demo.Z"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                  <EntityType Name="Leaf" BaseType="Demo.Z"/>
                  <ComplexType Name="C" BaseType="Demo.E"><Property Name="Text" Type="Edm.String"/></ComplexType>
                  <ComplexType Name="D" BaseType="Demo.C"/>
                  <ComplexType Name="E" BaseType="Demo.D"/>
                  <EntityContainer Name="Box"><EntitySet Name="Ys" EntityType="Demo.Y"/></EntityContainer>

            """ + v4Footer

    /// `<Annotation>` elements without a `Term` (as SAP Analytics Cloud's data export writes them)
    /// in an entity type (line 5), a property (line 7), an entity set (line 12) and an
    /// `Annotations` block (line 17), each beside one with a term.
    static let termless =
        v4Header + """

                  <EntityType Name="Item"><Key><PropertyRef Name="Id"/></Key>
                    <Annotation String="an item"/>
                    <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                    <Property Name="Name" Type="Edm.String"><Annotation Term=""/></Property>
                    <Annotation Term="Demo.Note" String="kept"/>
                  </EntityType>
                  <EntityContainer Name="Box">
                    <EntitySet Name="Items" EntityType="Demo.Item">
                      <Annotation Qualifier="Export" Bool="true"/>
                      <Annotation Term="Demo.Note" String="Items for sale"/>
                    </EntitySet>
                  </EntityContainer>
                  <Annotations Target="Demo.Item/Name">
                    <Annotation><Collection><String>a</String></Collection></Annotation>
                    <Annotation Term="Demo.Note" String="The name"/>
                  </Annotations>
                  <Term Name="Note" Type="Edm.String"/>

            """ + v4Footer

    static let sapNamespace = "http://www.sap.com/Protocols/SAPData"
    static let metadataNamespace = "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"

    /// An SAP Gateway document; `declarations` go on the root element.
    static func sap(declarations: String = "", extra: String = "") -> String {
        """
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx"\(declarations)>
          <edmx:DataServices m:DataServiceVersion="2.0">
            <Schema Namespace="S" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
              <EntityType Name="Product" sap:content-version="1" m:HasStream="true"\(extra)><Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Int32" Nullable="false" sap:label="Identifier"/>
                <Property Name="Name" Type="Edm.String" MaxLength="40" sap:label="Name" sap:creatable="false"/>
              </EntityType>
              <EntityContainer Name="S_Entities" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Products" EntityType="S.Product" sap:creatable="false"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    static let sapDeclarations = " xmlns:m=\"\(metadataNamespace)\" xmlns:sap=\"\(sapNamespace)\""

    static let declaration = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"

    /// `space`, the declaration and the root element on its line; the entity type four lines
    /// below, with `member` after its property.
    static func leadingWhiteSpace(_ space: String, member: String = "") -> String {
        space + declaration + v4Header + "\n\n      <EntityType Name=\"Item\"><Key><PropertyRef Name=\"Id\"/></Key>\n"
            + "        <Property Name=\"Id\" Type=\"Edm.Int32\" Nullable=\"false\"/>\(member)\n"
            + "      </EntityType>\n" + v4Footer
    }

    func load(_ text: String, strict: Bool = false) throws -> (path: String, result: LoadResult) {
        let path = try Paths.write(text)
        return (path, MetadataLoader(options: .init(strict: strict)).load([path]))
    }

    func messages(_ result: LoadResult) -> [String] {
        result.diagnostics.map { "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)" }
    }

    func errors(_ result: LoadResult) -> [String] { messages(result).filter { $0.contains(": error: ") } }

    // MARK: - Cyclic base types

    @Test func selfReferencingBaseTypeIsIgnored() throws {
        let (_, result) = try load(Self.selfReference)
        #expect(
            messages(result) == [
                "4:7: warning: entity type Demo.Thing names itself as its BaseType; the base type is ignored"
            ]
        )
        let types = result.service.entityTypes
        #expect(types.map(\.name) == ["Thing", "Part"])
        #expect(types[0].baseType == nil)
        #expect(types[1].baseType == QualifiedName(namespace: "Demo", name: "Thing"))
    }

    @Test func longerCyclesLoseTheLinkDeclaredLast() throws {
        let (_, result) = try load(Self.cycles)
        #expect(
            messages(result) == [
                "5:7: warning: cyclic base types Demo.Z → Demo.Y → Demo.Z; the BaseType of Demo.Y is ignored",
                "9:7: warning: cyclic base types Demo.D → Demo.C → Demo.E → Demo.D; the BaseType of Demo.E is ignored",
            ]
        )
        let bases =
            result.service.entityTypes.map { "\($0.name):\($0.baseType?.description ?? "-")" }
            + result.service.complexTypes.map { "\($0.name):\($0.baseType?.description ?? "-")" }
        #expect(bases == ["Z:Demo.Y", "Y:-", "Leaf:Demo.Z", "C:Demo.E", "D:Demo.C", "E:-"])
    }

    @Test func strictKeepsCyclesErrors() throws {
        let (_, selfReference) = try load(Self.selfReference, strict: true)
        #expect(messages(selfReference) == ["4:7: error: cyclic base types: Demo.Thing → Demo.Thing"])
        let (_, cycles) = try load(Self.cycles, strict: true)
        #expect(cycles.hasErrors)
        #expect(
            messages(cycles) == [
                "5:7: error: cyclic base types: Demo.Z → Demo.Y → Demo.Z",
                "9:7: error: cyclic base types: Demo.D → Demo.C → Demo.E → Demo.D",
            ]
        )
    }

    // MARK: - White space before the declaration

    @Test(arguments: ["\n", "\n\n  ", "\r\n\t \r\n", "   ", "\u{FEFF}\n\n"])
    func whiteSpaceBeforeTheDeclarationIsSkipped(space: String) throws {
        let (_, result) = try load(Self.leadingWhiteSpace(space))
        #expect(messages(result) == ["1:1: warning: white space before the XML declaration was skipped"])
        let item = try #require(result.service.entityTypes.first)
        let line = space.filter { $0 == "\n" || $0 == "\r\n" }.count + 5
        #expect((item.location.line, item.location.column) == (line, 7))
        #expect(item.properties.map(\.name) == ["Id"])
    }

    /// A later error is at its line and column in the file as written: the same as in the
    /// document with the declaration blanked out (white space before the root is allowed).
    @Test(arguments: [
        ("\n      <Property Name=\"A\" Type=\"Edm.String\" Name=\"B\"/>", "9:"),
        ("\n      <Property Name=\"A\" Type=\"Edm.String\" foo:bar=\"1\"/>", "9:"),
    ]) func laterErrorsAreAtTheirLines(member: String, position: String) throws {
        let text = Self.leadingWhiteSpace("\n\n  ", member: member)
        let (_, result) = try load(text)
        let (_, control) = try load(Self.blankingDeclaration(text))
        #expect(messages(result).first == "1:1: warning: white space before the XML declaration was skipped")
        #expect(errors(result).first?.hasPrefix(position) == true, "\(errors(result))")
        #expect(errors(result) == errors(control))
    }

    /// An error at the root element, on the declaration's line, keeps its column.
    @Test func rootElementKeepsItsColumn() throws {
        let text = Self.leadingWhiteSpace("\n\n  ").replacingOccurrences(of: "Version=\"4.0\"", with: "Version=\"5.0\"")
        let (_, result) = try load(text)
        let (_, control) = try load(Self.blankingDeclaration(text))
        let error = try #require(result.diagnostics.first { $0.severity == .error })
        #expect("\(error.location.line):\(error.location.column)" == "3:41")
        #expect(error.message.contains("unsupported EDMX version '5.0'"))
        #expect(errors(result) == errors(control))
    }

    static func blankingDeclaration(_ text: String) -> String {
        text.replacingOccurrences(of: declaration, with: String(repeating: " ", count: declaration.utf8.count))
    }

    @Test func otherTextBeforeTheDeclarationStaysAnError() throws {
        let (_, result) = try load("x" + Self.leadingWhiteSpace(""))
        #expect(result.hasErrors)
        #expect(!messages(result).contains { $0.contains("white space before") })
    }

    // MARK: - Undeclared well-known prefixes

    @Test func undeclaredSAPAndMetadataPrefixesAreReadAsDeclared() throws {
        let (path, result) = try load(Self.sap())
        #expect(
            messages(result) == [
                "2:22: warning: namespace prefix 'm' is not declared; read as \(Self.metadataNamespace)",
                "4:34: warning: namespace prefix 'sap' is not declared; read as \(Self.sapNamespace)",
            ]
        )
        let product = try #require(result.service.entityTypes.first)
        #expect(product.hasStream)
        #expect(product.properties.map { $0.sap?.label } == ["Identifier", "Name"])

        let (declaredPath, declared) = try load(Self.sap(declarations: Self.sapDeclarations))
        #expect(declared.diagnostics.isEmpty, "\(declared.diagnostics)")
        #expect(try Self.json(result.service, path: path) == Self.json(declared.service, path: declaredPath))
    }

    @Test func anUnknownUndeclaredPrefixStaysAnError() throws {
        let (_, result) = try load(Self.sap(extra: " foo:bar=\"1\""))
        #expect(result.hasErrors)
        #expect(
            errors(result)
                .contains {
                    $0.hasPrefix("4:") && $0.hasSuffix("Namespace prefix foo for bar on EntityType is not defined")
                }
        )
    }

    // MARK: - Annotations without a term

    @Test func annotationsWithoutATermAreSkipped() throws {
        let (path, result) = try load(Self.termless)
        #expect(
            messages(result) == [
                "5:9: warning: skipped <Annotation> without a Term in EntityType Item",
                "7:49: warning: skipped <Annotation> without a Term in Property Name",
                "12:11: warning: skipped <Annotation> without a Term in EntitySet Items",
                "17:9: warning: skipped <Annotation> without a Term in Annotations Demo.Item/Name",
            ]
        )
        #expect(result.diagnostics.allSatisfy { $0.location.file == path })
        let item = try #require(result.service.entityTypes.first)
        #expect(item.annotations.map(\.term.description) == ["Demo.Note"])
        // Name's one annotation is the Annotations block's, applied to it.
        #expect(item.properties.map { $0.annotations.map(\.term.description) } == [[], ["Demo.Note"]])
        let set = try #require(result.service.entityContainers.first?.entitySets.first)
        #expect(set.annotations.map(\.term.description) == ["Demo.Note"])
        let group = try #require(result.service.schemas.first?.annotationGroups.first)
        #expect(group.annotations.map(\.term.description) == ["Demo.Note"])
    }

    @Test func strictKeepsAnnotationsWithoutATermWarnings() throws {
        let (_, result) = try load(Self.termless, strict: true)
        #expect(!result.hasErrors, "\(messages(result))")
        #expect(messages(result).filter { $0.contains("without a Term") }.count == 4)
    }

    /// The model as JSON, with the document's path left out.
    static func json(_ service: Service, path: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(service), as: UTF8.self)
            .replacingOccurrences(of: path, with: "DOCUMENT")
    }
}

/// Each repaired document generates Swift that compiles against the runtime, through the
/// command line as a user runs it, and gives the same model on every run.
@Suite(
    .enabled(
        if: BuiltTool.executable != nil && RuntimeModules.folder != nil,
        "mobilesdkgen or the MobileSdk module is not built beside the tests"
    )
) struct ToleranceGenerationTests {
    static let cases: [(name: String, text: String, warning: String)] = [
        (
            "self-referencing base type", ToleranceTests.selfReference,
            "names itself as its BaseType; the base type is ignored"
        ), ("cyclic base types", ToleranceTests.cycles, "the BaseType of Demo.E is ignored"),
        (
            "white space before the declaration", ToleranceTests.leadingWhiteSpace("\n\n"),
            "white space before the XML declaration was skipped"
        ), ("undeclared prefixes", ToleranceTests.sap(), "namespace prefix 'sap' is not declared"),
        (
            "annotations without a term", ToleranceTests.termless,
            "skipped <Annotation> without a Term in EntitySet Items"
        ),
    ]

    @Test(arguments: cases.map(\.name)) func generatedCodeCompiles(name: String) throws {
        let testCase = try #require(Self.cases.first { $0.name == name })
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Paths.write(testCase.text, in: directory)
        let output = directory.appendingPathComponent("Generated")
        let result = try BuiltTool.run(["generate", path, "-o", output.path])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.errors.contains(": warning: ") && result.errors.contains(testCase.warning), "\(result.errors)")
        #expect(!result.errors.contains(": error: "), "\(result.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let failure = try RuntimeModules.typeCheck(files.map { output.appendingPathComponent($0).path })
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The command line names the file, line and column of each annotation it skips.
    @Test func annotationsWithoutATermAreLocatedAtTheCommandLine() throws {
        let path = try Paths.write(ToleranceTests.termless)
        let result = try BuiltTool.run(["inspect", path])
        #expect(result.status == 0, "\(result.all)")
        for position in ["5:9", "7:49", "12:11", "17:9"] {
            #expect(
                result.all.contains("\(path):\(position): warning: skipped <Annotation> without a Term"),
                "\(result.all)"
            )
        }
    }

    /// Separate processes hash differently: the repaired model must not depend on it.
    @Test func repairedModelIsTheSameOnEveryRun() throws {
        let path = try Paths.write(ToleranceTests.cycles)
        let runs = try (0..<3).map { _ in try BuiltTool.run(["inspect", "--json", path]) }
        #expect(runs.allSatisfy { $0.status == 0 })
        #expect(Set(runs.map(\.output)).count == 1)
        #expect(Set(runs.map(\.errors)).count == 1)
    }
}
