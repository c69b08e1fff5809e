import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// Every document of `../shared/corpus` (real third-party metadata): well-formed ones read
/// without errors and with the counts an independent DOM + XPath reading finds; the others
/// fail with a located diagnostic.
@Suite(.enabled(if: Paths.corpusIsAvailable, "../shared/corpus is not beside this clone; corpus tests skipped"))
struct CorpusTests {
    static let documents = Paths.corpusDocuments()

    @Test(arguments: documents) func readsLikeTheDocumentSays(path: String) throws {
        let result = MetadataLoader().load([path])
        guard let oracle = XPathOracle(path: path) else {
            // Not namespace-well-formed: an error, or the warning of a repair (a well-known prefix left undeclared).
            let finding = try #require(
                result.diagnostics.first { $0.severity == .error || $0.message.hasPrefix("namespace prefix '") },
                "not well-formed, yet no error or repair"
            )
            #expect(finding.location.file == path)
            #expect(finding.location.line > 0 && finding.location.column > 0)
            return
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))")
        if path.hasSuffix("_EntityMetadata.xml") { return }

        let service = result.service
        #expect(service.entityTypes.count == oracle.distinctSchemaMembers("EntityType"))
        #expect(service.complexTypes.count == oracle.distinctSchemaMembers("ComplexType"))
        #expect(service.enumTypes.count == oracle.distinctSchemaMembers("EnumType"))
        #expect(service.actions.count == oracle.number("count(\(XPathOracle.schemaMembers("Action")))"))
        #expect(service.functions.count == oracle.number("count(\(XPathOracle.schemaMembers("Function")))"))
        let entitySets =
            "//*[local-name()='EntityContainer' and \(XPathOracle.isCSDL)]/*[local-name()='EntitySet' and \(XPathOracle.isCSDL)]"
        #expect(
            service.entityContainers.reduce(0) { $0 + $1.entitySets.count } == oracle.number("count(\(entitySets))")
        )
        let properties =
            "//*[(local-name()='EntityType' or local-name()='ComplexType') and \(XPathOracle.isCSDL)]/*[local-name()='Property']"
        let readProperties =
            service.entityTypes.reduce(0) { $0 + $1.properties.count }
            + service.complexTypes.reduce(0) { $0 + $1.properties.count }
        if oracle.distinctSchemaMembers("EntityType")
            == oracle.number("count(\(XPathOracle.schemaMembers("EntityType")))")
        {
            #expect(readProperties == oracle.number("count(\(properties))"))
        }
    }

    @Test func dialectsAreDetected() throws {
        let expectations: [(String, String)] = [
            ("MSGraph__v1.0_metadata.xml", "4.0"), ("OASIS__miscellaneous_v4.01.xml", "4.01"),
            ("jaydata__crm2011_OrganizationData_metadata.xml", "1.0"), ("SimpleODataClient__Northwind_v3.xml", "3.0"),
            ("OASIS__v2-annotations.xml", "2.0"), ("SAPcloudsdk__API_TEST_SRV_v4_hybrid.xml", "2.0"),
        ]
        for (name, version) in expectations {
            let result = MetadataLoader().load([Paths.corpus.appendingPathComponent(name).path])
            guard case .csdl(let odataVersion, _) = try #require(result.service.documents.first).dialect else {
                Issue.record("\(name) not read as CSDL")
                continue
            }
            #expect(odataVersion == version, "\(name)")
        }
    }
}

extension XPathOracle {
    /// How many distinct qualified names the elements `name` directly inside CSDL schemas have
    /// (documents may repeat a declaration; the reader keeps the first).
    func distinctSchemaMembers(_ name: String) -> Int { Set(qualifiedNames(XPathOracle.schemaMembers(name))).count }
}
