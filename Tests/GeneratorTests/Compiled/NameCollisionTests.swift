@testable import Generator
import GeneratorPipeline
import MetadataReader
import TestSupport
import Testing

/// Names that collide with Swift or with the runtime: every Swift keyword, every member name the runtime reserves for a
/// kind of generated declaration, and each renamed form beside its original (`hash` beside `hashValue`, which `hash`
/// would become), so that every rename meets a name that is taken — as the names of entity types, properties,
/// navigation properties, complex type properties, enum and flags members, option set cases, operations, parameters,
/// entity sets and imports. The generated code compiles with no warning.
struct NameCollisionTests {
    static let keywords = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
        // Contextual keywords.
        "actor", "any", "associativity", "async", "consume", "convenience", "copy", "didSet", "discard", "distributed",
        "dynamic", "each", "final", "get", "indirect", "infix", "isolated", "lazy", "left", "macro", "mutating", "none",
        "nonmutating", "optional", "override", "postfix", "precedence", "prefix", "required", "right", "sending", "set",
        "some", "then", "unowned", "weak", "willSet", "newValue", "rawValue", "Response", "call",
    ]

    /// Every member name the contract reserves, for any kind of generated type, and the Swift keywords, in a fixed
    /// order.
    static let memberNames: [String] = {
        let reserved = RuntimeContract.entityMembers.union(RuntimeContract.shadowableEntityMembers)
            .union(RuntimeContract.complexMembers).union(RuntimeContract.optionSetMembers)
            .union(RuntimeContract.enumMembers).union(RuntimeContract.requestMembers)
            .union(RuntimeContract.serviceMembers)
        return unique(keywords + reserved.sorted())
    }()

    /// Each name beside the forms a rename gives it: `hash`, `hashValue`, `hashRecord`, `hashRecords`, …
    static func withRenamedForms(_ names: [String], suffixes: [String]) -> [String] {
        unique(names.flatMap { name in [name] + suffixes.map { name + $0 } })
    }

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// Type names: the keywords, the reserved type names, and each reserved one with the prefix a rename gives it (the
    /// last segment of the namespace `protocol`).
    static let typeNames: [String] = unique(
        keywords + RuntimeContract.reservedTypeNames.sorted().flatMap { [$0, "Protocol" + $0] }
    )

    static var document: String {
        let properties = withRenamedForms(memberNames, suffixes: ["Value"])
        let navigations = withRenamedForms(memberNames, suffixes: ["Record", "Records"])
        let members = withRenamedForms(memberNames, suffixes: ["Value"])
        let services = withRenamedForms(memberNames, suffixes: ["Set", "Operation"])
        let propertyList = properties.map { "<Property Name=\"\($0)\" Type=\"Edm.String\"/>" }.joined(separator: "\n")
        let entities =
            typeNames.map { word in
                """
                <EntityType Name="\(word)"><Key><PropertyRef Name="\(word)"/></Key>
                  <Property Name="\(word)" Type="Edm.Int32" Nullable="false"/>
                  <NavigationProperty Name="\(word)_" Type="protocol.Hub"/>
                </EntityType>
                """
            }
            .joined(separator: "\n")
        let navigationList =
            navigations.map { "<NavigationProperty Name=\"\($0)\" Type=\"Collection(protocol.Hub)\"/>" }
            .joined(separator: "\n")
        let memberList = members.enumerated().map { "<Member Name=\"\($1)\" Value=\"\($0)\"/>" }.joined(separator: "\n")
        let flagList = members.enumerated().map { "<Member Name=\"\($1)\" Value=\"\($0 + 1)\"/>" }
            .joined(separator: "\n")
        let parameters = properties.map { "<Parameter Name=\"\($0)\" Type=\"Edm.String\"/>" }.joined(separator: "\n")
        let actions =
            typeNames.map { "<Action Name=\"\($0)\"><Parameter Name=\"\($0)\" Type=\"Edm.String\"/></Action>" }
            .joined(separator: "\n")
        let imports = services.map { "<FunctionImport Name=\"\($0)\" Function=\"protocol.Echo\"/>" }
            .joined(separator: "\n")
        let actionImports = typeNames.map { "<ActionImport Name=\"\($0)\" Action=\"protocol.\($0)\"/>" }
            .joined(separator: "\n")
        let sets = services.map { "<EntitySet Name=\"\($0)\" EntityType=\"protocol.Hub\"/>" }.joined(separator: "\n")
        return """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="protocol" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EntityType Name="Hub"><Key><PropertyRef Name="Id"/></Key>
                    <Property Name="Id" Type="Edm.Guid" Nullable="false"/>
                    \(propertyList)
                    \(navigationList)
                  </EntityType>
                  \(entities)
                  <ComplexType Name="Bag">\(propertyList)</ComplexType>
                  <EnumType Name="Word">\(memberList)</EnumType>
                  <EnumType Name="Flag" IsFlags="true">\(flagList)</EnumType>
                  <Function Name="Lookup" IsBound="true"><Parameter Name="self" Type="protocol.Hub"/>\(parameters)
                    <ReturnType Type="Collection(protocol.Bag)"/></Function>
                  <Function Name="Echo"><ReturnType Type="protocol.Word"/></Function>
                  \(actions)
                  <EntityContainer Name="extension">
                    <EntitySet Name="Hubs" EntityType="protocol.Hub"/>
                    \(sets)
                    \(actionImports)
                    \(imports)
                  </EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
    }

    /// Dynamics entity metadata: attributes whose schema names are the member names and their renamed forms, and an
    /// option set whose labels are.
    static var dynamicsDocument: String {
        let names = withRenamedForms(memberNames, suffixes: ["Value"])
        func label(_ text: String) -> String {
            "<Label><a:LocalizedLabels><a:LocalizedLabel><a:Label>\(text)</a:Label>"
                + "<a:LanguageCode>1033</a:LanguageCode></a:LocalizedLabel></a:LocalizedLabels></Label>"
        }
        let attributes =
            names.map { name in
                """
                <AttributeMetadata i:type="StringAttributeMetadata"><LogicalName>\(name.lowercased())</LogicalName>\
                <SchemaName>\(name)</SchemaName><AttributeType>String</AttributeType></AttributeMetadata>
                """
            }
            .joined(separator: "\n")
        let options = names.enumerated().map { "<OptionMetadata><Value>\($0)</Value>\(label($1))</OptionMetadata>" }
            .joined(separator: "\n")
        return """
            <ArrayOfEntityMetadata xmlns="http://schemas.microsoft.com/xrm/2011/Metadata" \
            xmlns:i="http://www.w3.org/2001/XMLSchema-instance" \
            xmlns:a="http://schemas.microsoft.com/xrm/2011/Contracts">
              <EntityMetadata>
                <LogicalName>new_hub</LogicalName><SchemaName>new_Hub</SchemaName>
                <PrimaryIdAttribute>new_hubid</PrimaryIdAttribute>
                <Attributes>
                  <AttributeMetadata i:type="UniqueIdentifierAttributeMetadata"><LogicalName>new_hubid</LogicalName>\
            <SchemaName>new_HubId</SchemaName><AttributeType>Uniqueidentifier</AttributeType></AttributeMetadata>
                  \(attributes)
                  <AttributeMetadata i:type="PicklistAttributeMetadata">
                    <LogicalName>new_word</LogicalName><SchemaName>new_Word</SchemaName>
                    <AttributeType>Picklist</AttributeType>
                    <OptionSet><Name>new_word</Name><IsGlobal>false</IsGlobal><OptionSetType>Picklist</OptionSetType>
                      <Options>\(options)</Options>
                    </OptionSet>
                  </AttributeMetadata>
                </Attributes>
              </EntityMetadata>
            </ArrayOfEntityMetadata>
            """
    }

    @Test func everyCollidingNameAsEveryKindOfNameCompiles() throws {
        let documents: [MetadataLoader.InMemoryDocument] = [.init(name: "Names.xml", bytes: Array(Self.document.utf8))]
        let result = Pipeline().parse(.inMemory(documents))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let sources = Pipeline().generate(result)
        #expect(sources.entityClasses == Self.typeNames.count + 1)
        #expect(sources.operations == Self.typeNames.count + 2)
        let dynamics = Pipeline()
            .parse(.document(named: "Names.EntityMetadata.xml", bytes: Array(Self.dynamicsDocument.utf8)))
        #expect(!dynamics.hasErrors, "\(dynamics.diagnostics)")
        let configuration = GeneratorConfiguration(typePrefix: "D", registryName: "DynamicsEntities")
        let dynamicsSources = Pipeline(configuration: configuration).generate(dynamics)
        #expect(dynamicsSources.optionSets == 1)
        let files = sources.files + dynamicsSources.files.map { (name: "D" + $0.name, contents: $0.contents) }
        let output = try RuntimeModules.typeCheck(files: files)
        #expect(output == nil, "\(output?.prefix(8000) ?? "")")
    }
}

/// A SharePoint REST entity with a property `Hash` (as `SP.BusinessData.Runtime.Subscription` has) beside one named
/// `hashValue`: `hash` is taken by `Hashable.hash(into:)`, its renamed form `hashValue` by `Hashable.hashValue` and by
/// the other property, so each gets the next free name, and the class compiles.
struct HashPropertyTests {
    static let document = """
        <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
          <edmx:DataServices>
            <Schema Namespace="SP.BusinessData.Runtime" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Subscription">
                <Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Guid" Nullable="false"/>
                <Property Name="Hash" Type="Edm.String"/>
                <Property Name="hashValue" Type="Edm.String"/>
                <Property Name="Description" Type="Edm.String"/>
              </EntityType>
              <EntityContainer Name="ApiData">
                <EntitySet Name="Subscriptions" EntityType="SP.BusinessData.Runtime.Subscription"/>
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """

    @Test func hashAndHashValueGetFreeNamesAndCompile() throws {
        let result = Pipeline().parse(.document(named: "SharePoint.xml", bytes: Array(Self.document.utf8)))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let sources = Pipeline().generate(result)
        let text = sources.files.map(\.contents).joined()
        #expect(text.contains("            hashValue2: Hash string\n"))
        #expect(text.contains("            hashValueValue: hashValue string\n"))
        #expect(text.contains("            description: Description string\n"))
        let notes = sources.diagnostics.map(\.message)
        #expect(notes.contains("property Subscription.Hash is generated as 'hashValue2': 'hash' is taken"), "\(notes)")
        let output = try RuntimeModules.typeCheck(files: sources.files)
        #expect(output == nil, "\(output?.prefix(4000) ?? "")")
    }
}
