import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// The Lead entity metadata of the corpus: every attribute with its type, every option set with
/// its options and labels, checked against counts taken independently with DOM + XPath.
@Suite(.enabled(if: Paths.corpusIsAvailable, "../shared/corpus is not beside this clone; corpus tests skipped"))
struct LeadEntityMetadataTests {
    let path = Paths.corpus.appendingPathComponent("XrmMockup__LeadMetadata_EntityMetadata.xml").path
    let metadata = "namespace-uri()='http://schemas.microsoft.com/xrm/2011/Metadata'"

    func element(_ name: String) -> String { "local-name()='\(name)' and \(metadata)" }

    @Test func everyAttributeWithItsType() throws {
        let result = MetadataLoader().load([path])
        #expect(!result.hasErrors)
        let oracle = try #require(XPathOracle(path: path))
        let lead = try #require(result.service.entityTypes.first)
        #expect(result.service.entityTypes.count == 1)
        #expect(lead.name == "lead")
        #expect(lead.dynamics?.schemaName == "Lead")
        #expect(lead.dynamics?.objectTypeCode == 4)
        #expect(lead.dynamics?.primaryIDAttribute == "leadid")
        #expect(lead.key.map(\.name) == ["leadid"])

        let attributes = "//*[\(element("AttributeMetadata"))]"
        #expect(lead.properties.count == oracle.number("count(\(attributes))"))
        #expect(lead.properties.map(\.name) == oracle.strings("\(attributes)/*[\(element("LogicalName"))]"))
        #expect(
            lead.properties.map { $0.dynamics?.attributeType ?? "" }
                == oracle.strings("\(attributes)/*[\(element("AttributeType"))]")
        )
        #expect(lead.properties.allSatisfy { $0.type.primitive != nil })

        let lookups = lead.properties.filter { $0.dynamics?.attributeType == "Lookup" }
        #expect(lookups.allSatisfy { !($0.dynamics?.targets.isEmpty ?? true) })
        #expect(lead.properties.first { $0.name == "parentaccountid" }?.dynamics?.targets == ["account"])
        #expect(
            lead.properties.first { $0.name == "customerid" }?.dynamics?.targets.sorted() == ["account", "contact"]
        )
    }

    @Test func everyOptionSetWithItsOptionsAndLabels() throws {
        let result = MetadataLoader().load([path])
        let oracle = try #require(XPathOracle(path: path))
        let lead = try #require(result.service.entityTypes.first)
        let sets = lead.properties.compactMap { $0.dynamics?.optionSet }
        let optionSets = "//*[\(element("OptionSet")) and not(@*[local-name()='nil'] = 'true')]"
        #expect(sets.count == oracle.number("count(\(optionSets))"))

        let options = "//*[\(element("OptionMetadata"))]"
        let booleanOptions =
            "//*[(\(element("TrueOption")) or \(element("FalseOption"))) and not(@*[local-name()='nil'] = 'true')]"
        #expect(
            sets.reduce(0) { $0 + $1.options.count } == oracle.number("count(\(options))")
                + oracle.number("count(\(booleanOptions))")
        )

        let optionLabels =
            "(\(options) | \(booleanOptions))/*[\(element("Label"))]/*[local-name()='LocalizedLabels']/*[local-name()='LocalizedLabel']"
        #expect(
            sets.reduce(0) { $0 + $1.options.reduce(0) { $0 + $1.label.localized.count } }
                == oracle.number("count(\(optionLabels))")
        )
        let readTexts = sets.flatMap { $0.options.flatMap { $0.label.localized.map(\.text) } }
        #expect(Set(readTexts) == Set(oracle.strings("\(optionLabels)/*[local-name()='Label']")))

        let globalNames = Set(oracle.strings("\(optionSets)[*[\(element("IsGlobal"))] = 'true']/*[\(element("Name"))]"))
        #expect(Set(result.service.optionSets.compactMap(\.name)) == globalNames)
        #expect(!globalNames.isEmpty)

        let status = try #require(lead.properties.first { $0.name == "statuscode" }?.dynamics?.optionSet)
        #expect(status.kind == "Status")
        #expect(status.options.allSatisfy { $0.state != nil })
        let state = try #require(lead.properties.first { $0.name == "statecode" }?.dynamics?.optionSet)
        #expect(state.options.allSatisfy { $0.defaultStatus != nil })
        #expect(state.options.map(\.value) == [0, 1, 2])
    }

    @Test func labelsInEveryLanguage() throws {
        let result = MetadataLoader().load([path])
        let lead = try #require(result.service.entityTypes.first)
        let displayName = try #require(lead.dynamics?.displayName)
        #expect(displayName.localized.count > 1)
        #expect(displayName.text(languageCode: 1033) != nil)
        let relationships = lead.dynamics?.relationships ?? []
        let oracle = try #require(XPathOracle(path: path))
        let lists =
            "//*[\(element("OneToManyRelationships")) or \(element("ManyToOneRelationships")) or \(element("ManyToManyRelationships"))]"
        #expect(relationships.count == oracle.number("count(\(lists)/*)"))
        #expect(
            relationships.filter { $0.kind == .manyToMany }.count
                == oracle.number("count(//*[\(element("ManyToManyRelationships"))]/*)")
        )
    }
}
