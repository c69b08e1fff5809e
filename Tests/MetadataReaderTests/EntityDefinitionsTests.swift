import Foundation
import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// The Web API's entity metadata JSON (`EntityDefinitions?$expand=Attributes,…`) reads into the same model as the
/// organization service's entity metadata XML: SampleMetadata/Dataverse.EntityDefinitions.json describes the same
/// organization as SampleMetadata/Dataverse.EntityMetadata.xml.
struct EntityDefinitionsTests {
    static let webAPI = Paths.sample("Dataverse.WebApi.xml")
    static let entityMetadata = Paths.sample("Dataverse.EntityMetadata.xml")
    static let entityDefinitions = Paths.sample("Dataverse.EntityDefinitions.json")

    /// The model's schemas as sorted-key JSON without any `location`, which necessarily differ between the documents.
    static func withoutLocations(_ schemas: [Schema]) throws -> String {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] { return object.filter { $0.key != "location" }.mapValues(strip) }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(schemas))
        let data = try JSONSerialization.data(withJSONObject: strip(encoded), options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }

    @Test func sameModelAsTheEntityMetadataXML() throws {
        let xml = MetadataLoader().load([Self.entityMetadata])
        let json = MetadataLoader().load([Self.entityDefinitions])
        #expect(json.diagnostics.isEmpty, "\(json.diagnostics)")
        #expect(json.service.documents.map(\.dialect) == [.dynamicsEntityMetadata])
        #expect(json.service.entityTypes.count == 8)
        #expect(try Self.withoutLocations(json.service.schemas) == Self.withoutLocations(xml.service.schemas))
    }

    /// The `RetrieveMetadataChanges` function's response (its complex types, some attributes without a type) reads
    /// as the same entities, and generates the same classes.
    @Test func metadataChangesReadAsTheSameEntities() throws {
        let changes = Paths.sample("Dataverse.MetadataChanges.json")
        let json = MetadataLoader().load([Self.webAPI, Self.entityDefinitions])
        let function = MetadataLoader().load([Self.webAPI, changes])
        #expect(!function.hasErrors, "\(function.diagnostics)")
        #expect(function.diagnostics.map(\.message) == json.diagnostics.map(\.message))
        #expect(try Self.withoutLocations(function.service.schemas) == Self.withoutLocations(json.service.schemas))
    }

    @Test func sameModelMergedOntoTheWebAPI() throws {
        let xml = MetadataLoader().load([Self.webAPI, Self.entityMetadata])
        let json = MetadataLoader().load([Self.webAPI, Self.entityDefinitions])
        #expect(!json.hasErrors)
        #expect(json.diagnostics.map(\.message) == xml.diagnostics.map(\.message))
        #expect(try Self.withoutLocations(json.service.schemas) == Self.withoutLocations(xml.service.schemas))
        #expect(json.service.optionSets.map(\.name) == ["new_customertier"])
    }

    @Test func valuesOfEveryKind() throws {
        let service = MetadataLoader().load([Self.entityDefinitions]).service
        let account = try #require(service.entityTypes.first { $0.name == "account" })
        #expect(account.dynamics?.schemaName == "Account")
        #expect(account.dynamics?.objectTypeCode == 1)
        #expect(account.dynamics?.displayName.text(languageCode: 1031) == "Firma")
        #expect(account.dynamics?.keys.map(\.attributes) == [["accountnumber"]])
        #expect(account.key.map(\.name) == ["accountid"])
        let industry = try #require(account.properties.first { $0.name == "industrycode" }?.dynamics?.optionSet)
        #expect(industry.options.map(\.value) == [1, 2, 3, 4])
        #expect(industry.options.first?.color == "#795548")
        #expect(industry.options.first?.label.text(languageCode: 1031) == "Fertigung")
        let owner = try #require(account.properties.first { $0.name == "ownerid" }?.dynamics)
        #expect(owner.metadataType == "LookupAttributeMetadata")
        #expect(owner.targets == ["systemuser", "team"])
        let opportunity = try #require(service.entityTypes.first { $0.name == "opportunity" })
        let status = try #require(opportunity.properties.first { $0.name == "statuscode" }?.dynamics?.optionSet)
        #expect(status.kind == "Status")
        #expect(status.options.allSatisfy { $0.state != nil })
        let state = try #require(opportunity.properties.first { $0.name == "statecode" }?.dynamics?.optionSet)
        #expect(state.options.allSatisfy { $0.defaultStatus != nil && $0.invariantName != nil })
        let boolean = service.entityTypes.flatMap(\.properties).compactMap(\.dynamics)
            .first { $0.metadataType == "BooleanAttributeMetadata" }
        #expect(boolean?.optionSet?.kind == "Boolean")
        #expect(boolean?.optionSet?.options.map(\.value) == [0, 1])
        #expect(boolean?.defaultValue == "false")
    }

    @Test func aSingleEntityDefinition() throws {
        let text = """
            {"@odata.context": "https://example.crm.dynamics.com/api/data/v9.2/$metadata#EntityDefinitions(Attributes())/$entity",
             "LogicalName": "account", "SchemaName": "Account", "PrimaryIdAttribute": "accountid", "ObjectTypeCode": 1,
             "Attributes": [
               {"@odata.type": "#Microsoft.Dynamics.CRM.UniqueIdentifierAttributeMetadata", "LogicalName": "accountid", "AttributeType": "Uniqueidentifier", "IsPrimaryId": true},
               {"LogicalName": "processid", "AttributeType": "Virtual"}
             ]}
            """
        let result = MetadataLoader().load([.init(name: "account", bytes: Array(text.utf8))])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let account = try #require(result.service.entityTypes.first)
        #expect(account.key.map(\.name) == ["accountid"])
        #expect(
            account.properties.map { $0.dynamics?.metadataType } == [
                "UniqueIdentifierAttributeMetadata", "AttributeMetadata",
            ]
        )
        #expect(account.properties.first?.isNullable == false)
    }
}

/// Located diagnostics for JSON input: malformed JSON is an error at its line and column and nothing is read; a
/// value of the wrong type or an unsupported attribute type is a located warning naming what was ignored.
struct EntityDefinitionsDiagnosticsTests {
    func load(_ text: String, name: String = "definitions.json") -> LoadResult {
        MetadataLoader().load([.init(name: name, bytes: Array(text.utf8))])
    }

    func descriptions(_ result: LoadResult) -> [String] { result.diagnostics.map(\.description) }

    @Test func truncated() {
        let result = load("{\"value\": [\n  {\"LogicalName\": \"account\",\n")
        #expect(descriptions(result) == ["definitions.json:3:1: error: the file ends inside the object opened at 2:3"])
        #expect(result.service.schemas.isEmpty)
    }

    @Test func truncatedInsideAString() {
        let result = load("{\"value\": [\n  {\"LogicalName\": \"acc")
        #expect(
            descriptions(result) == ["definitions.json:2:23: error: the file ends inside the string opened at 2:19"]
        )
    }

    @Test func trailingCommas() {
        #expect(
            descriptions(load("{\"value\": [\n  {\"LogicalName\": \"account\"},\n]}")) == [
                "definitions.json:2:29: error: trailing comma before ']' (JSON allows none)"
            ]
        )
        #expect(
            descriptions(load("{\"value\": [\n  {\"LogicalName\": \"account\",}\n]}")) == [
                "definitions.json:2:28: error: trailing comma before '}' (JSON allows none)"
            ]
        )
    }

    @Test func otherSyntaxErrors() {
        #expect(descriptions(load("")) == ["definitions.json:1:1: error: the file is empty"])
        #expect(descriptions(load("{\"a\": tru}")) == ["definitions.json:1:7: error: invalid literal: expected 'true'"])
        #expect(descriptions(load("{\"a\": 01}")) == ["definitions.json:1:7: error: invalid number"])
        #expect(
            descriptions(load("{\"a\": \"\\x\"}")) == ["definitions.json:1:8: error: invalid escape '\\x' in a string"]
        )
        #expect(
            descriptions(load("{\"a\": 1} {")) == [
                "definitions.json:1:10: error: unexpected '{' after the end of the document's value"
            ]
        )
        // Columns count characters, not bytes.
        #expect(
            descriptions(load("{\"Schlüssel\": \"é\" x}")) == [
                "definitions.json:1:19: error: expected ',' or '}' after the member \"Schlüssel\", found 'x'"
            ]
        )
        #expect(
            descriptions(load(String(repeating: "[", count: 600))).first?.contains("nested more than 512 deep") == true
        )
        #expect(
            descriptions(load(String(repeating: "{\"a\": ", count: 600))).first?.contains("nested more than 512 deep")
                == true
        )
    }

    @Test func escapesAndByteOrderMark() throws {
        let text = "\u{FEFF}{\"LogicalName\": \"acc\\u006Fu\\/nt\", \"SchemaName\": \"\\uD83D\\uDE00\"}"
        let result = load(text)
        #expect(!result.hasErrors)
        #expect(result.service.entityTypes.first?.name == "accou/nt")
        #expect(result.service.entityTypes.first?.dynamics?.schemaName == "😀")
    }

    @Test func wrongTypeIsLocated() throws {
        let result = load(
            """
            {"value": [
              {"LogicalName": "account", "ObjectTypeCode": "x", "IsActivity": "no",
               "Attributes": [{"LogicalName": "name", "AttributeType": "String", "MaxLength": 1.5}]}
            ]}
            """
        )
        #expect(!result.hasErrors)
        #expect(
            descriptions(result) == [
                "definitions.json:2:48: warning: 'ObjectTypeCode' is a string, expected an integer; ignored",
                "definitions.json:2:67: warning: 'IsActivity' is a string, expected true or false; ignored",
                "definitions.json:3:83: warning: 'MaxLength' is a number, expected an integer; ignored",
            ]
        )
        let account = try #require(result.service.entityTypes.first)
        #expect(account.dynamics?.objectTypeCode == nil)
        #expect(account.properties.map(\.name) == ["name"])
    }

    /// The items of `value` are read on every core; what they say keeps the document's order.
    @Test func manyEntitiesKeepTheDocumentsOrder() throws {
        var random = SeededGenerator(seed: 41)
        let names = (0..<60).map { "new_table\($0)" }.shuffled(using: &random)
        let items = names.map { #"{"LogicalName": "\#($0)", "ObjectTypeCode": "\#($0)", "Attributes": []}"# }
        let result = load("{\"value\": [\n" + (items + ["7"]).joined(separator: ",\n") + "\n]}")
        var expected = [
            "definitions.json:62:1: warning: an element of 'value' is a number, expected an object; ignored"
        ]
        for (line, name) in zip(2..., names) {
            let column = #"{"LogicalName": "\#(name)", "ObjectTypeCode": "#.count + 1
            expected.append(
                "definitions.json:\(line):\(column): warning: 'ObjectTypeCode' is a string, expected an integer; ignored"
            )
        }
        #expect(descriptions(result) == expected)
        #expect(result.service.schemas.flatMap(\.entityTypes).count == 60)
    }

    @Test func unknownAttributeTypeIsSkippedWithALocatedWarning() throws {
        let result = load(
            """
            {"value": [{"LogicalName": "account", "Attributes": [
              {"@odata.type": "#Microsoft.Dynamics.CRM.HologramAttributeMetadata", "LogicalName": "hologram", "AttributeType": "Virtual"},
              {"@odata.type": "#Microsoft.Dynamics.CRM.StringAttributeMetadata", "LogicalName": "name", "AttributeType": "String"}
            ]}]}
            """
        )
        #expect(
            descriptions(result) == [
                "definitions.json:2:3: warning: skipped attribute 'hologram': unsupported attribute metadata type '#Microsoft.Dynamics.CRM.HologramAttributeMetadata'"
            ]
        )
        #expect(result.service.entityTypes.first?.properties.map(\.name) == ["name"])
    }

    @Test func missingNamesAreErrors() {
        let result = load(
            """
            {"value": [{"SchemaName": "Account"}, {"LogicalName": "contact", "Attributes": [{"SchemaName": "X"}],
              "OneToManyRelationships": [{"ReferencedEntity": "contact"}]}]}
            """
        )
        #expect(
            descriptions(result) == [
                "definitions.json:1:12: error: entity metadata has no LogicalName",
                "definitions.json:1:81: error: attribute metadata has no LogicalName",
                "definitions.json:2:30: error: relationship metadata has no SchemaName",
            ]
        )
    }

    @Test func notEntityDefinitions() {
        #expect(
            descriptions(load("{\"name\": \"x\"}")) == [
                "definitions.json:1:1: error: unrecognised JSON document: expected Web API entity definitions (an EntityDefinitions response, {\"value\": [...]}, one entity definition, or a RetrieveMetadataChanges response, {\"EntityMetadata\": [...]})"
            ]
        )
        #expect(
            descriptions(load("{\"value\": []}")) == [
                "definitions.json:1:1: error: the document holds no entity definitions"
            ]
        )
    }

    @Test func recognisedByContentWhateverTheName() throws {
        let result = load("  {\"LogicalName\": \"account\"}", name: "metadata")
        #expect(!result.hasErrors)
        #expect(result.service.entityTypes.map(\.name) == ["account"])
    }

    @Test func readFromAFile() throws {
        let path = try Paths.write("{\"value\": [{\"LogicalName\": \"account\",}]}", named: "broken.json")
        #expect(
            MetadataLoader().load([path]).diagnostics.map(\.description) == [
                "\(path):1:37: error: trailing comma before '}' (JSON allows none)"
            ]
        )
    }
}
