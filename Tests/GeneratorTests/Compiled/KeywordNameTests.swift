import Generator
import MetadataReader
import Testing

/// Every Swift keyword and contextual keyword as the name of an entity type, property, navigation property, complex
/// type property, enum member, operation, parameter, import, container and namespace: the generated code compiles with
/// no warning, since a name becomes an identifier — escaped where it must be — once, for declarations and expressions
/// alike.
struct KeywordNameTests {
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

    static var document: String {
        let words = keywords
        let properties = words.map { "<Property Name=\"\($0)\" Type=\"Edm.String\"/>" }.joined(separator: "\n")
        let entities = words.map { word in
            """
            <EntityType Name="\(word)"><Key><PropertyRef Name="\(word)"/></Key>
              <Property Name="\(word)" Type="Edm.Int32" Nullable="false"/>
              <NavigationProperty Name="\(word)_" Type="protocol.Hub"/>
            </EntityType>
            """
        }.joined(separator: "\n")
        let navigations = words.map { "<NavigationProperty Name=\"\($0)\" Type=\"Collection(protocol.\($0))\"/>" }.joined(separator: "\n")
        let members = words.enumerated().map { "<Member Name=\"\($1)\" Value=\"\($0)\"/>" }.joined(separator: "\n")
        let parameters = words.map { "<Parameter Name=\"\($0)\" Type=\"Edm.String\"/>" }.joined(separator: "\n")
        let actions = words.map { "<Action Name=\"\($0)\"><Parameter Name=\"\($0)\" Type=\"Edm.String\"/></Action>" }.joined(separator: "\n")
        let imports = words.map { "<ActionImport Name=\"\($0)\" Action=\"protocol.\($0)\"/>" }.joined(separator: "\n")
        let sets = words.map { "<EntitySet Name=\"\($0)\" EntityType=\"protocol.\($0)\"/>" }.joined(separator: "\n")
        return """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="protocol" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <EntityType Name="Hub"><Key><PropertyRef Name="Id"/></Key>
                    <Property Name="Id" Type="Edm.Guid" Nullable="false"/>
                    \(properties)
                    \(navigations)
                  </EntityType>
                  \(entities)
                  <ComplexType Name="Bag">\(properties)</ComplexType>
                  <EnumType Name="Word">\(members)</EnumType>
                  <EnumType Name="Flag" IsFlags="true"><Member Name="default" Value="1"/><Member Name="in" Value="2"/></EnumType>
                  <Function Name="Lookup" IsBound="true"><Parameter Name="self" Type="protocol.Hub"/>\(parameters)
                    <ReturnType Type="Collection(protocol.Bag)"/></Function>
                  \(actions)
                  <EntityContainer Name="extension">
                    <EntitySet Name="Hubs" EntityType="protocol.Hub"/>
                    \(sets)
                    \(imports)
                  </EntityContainer>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
    }

    @Test func everyKeywordAsEveryKindOfNameCompiles() throws {
        let result = MetadataLoader().load([.init(name: "Keywords.xml", bytes: Array(Self.document.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let sources = Generator().generate(result.service)
        #expect(sources.entityClasses == Self.keywords.count + 1)
        #expect(sources.operations == Self.keywords.count + 1)
        let output = try SwiftCompiler.typeCheck(sources.files)
        #expect(output == nil, "\(output ?? "")")
    }
}
