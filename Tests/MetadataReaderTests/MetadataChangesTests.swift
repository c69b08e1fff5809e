import MetadataReader
import Testing

/// `RetrieveMetadataChanges` answers as `fetch` reads them, and a stored document's entities found by the ids they
/// hold.
struct MetadataChangesReadingTests {
    let answer = #"""
        {"@odata.context":"https://org/api/data/v9.2/$metadata#Microsoft.Dynamics.CRM.RetrieveMetadataChangesResponse",
         "EntityMetadata":[
          {"MetadataId":"70816501-EDB9-4740-A16C-6A5EFBC05D84","HasChanged":false,"LogicalName":"account",
           "Attributes":[{"@odata.type":"#Microsoft.Dynamics.CRM.ComplexPicklistAttributeMetadata",
                          "MetadataId":"f6e62360-bbc9-5080-9d45-bafb59638d2a","HasChanged":true}]},
          {"MetadataId":"608861bc-50a4-4c5f-a02c-21fe1943e2cf","HasChanged":true}],
         "DeletedMetadata":{"Keys":["Attribute","Entity"],
                            "Values":[["0A1B2C3D-0000-0000-0000-000000000001"],["0a1b2c3d-0000-0000-0000-000000000002"]]},
         "ServerVersionStamp":"1182349!11/27/2026 17:00:00"}
        """#
    let stored = #"""
        {"value":[
          {"MetadataId":"0a1b2c3d-0000-0000-0000-000000000002","LogicalName":"new_gone","Attributes":[]},
          {"MetadataId":"608861BC-50A4-4C5F-A02C-21FE1943E2CF","LogicalName":"contact",
           "Attributes":[{"MetadataId":"0a1b2c3d-0000-0000-0000-000000000001","LogicalName":"new_old"}]}]}
        """#

    @Test func theAnswerNamesChangedEntitiesDeletedIdsAndTheNewStamp() throws {
        let changes = try MetadataChanges.read(Array(answer.utf8), source: "changes")
        #expect(changes.serverVersionStamp == "1182349!11/27/2026 17:00:00")
        #expect(changes.entities.map(\.logicalName) == ["account", nil])
        #expect(
            changes.entities.map(\.metadataId) == [
                "70816501-edb9-4740-a16c-6a5efbc05d84", "608861bc-50a4-4c5f-a02c-21fe1943e2cf",
            ]
        )
        #expect(changes.deletedIds == ["0a1b2c3d-0000-0000-0000-000000000001", "0a1b2c3d-0000-0000-0000-000000000002"])

        var assembly = try EntityDefinitionsAssembly(document: Array(stored.utf8), source: "stored")
        let deleted = Set(changes.deletedIds)
        #expect(assembly.entities(identifiedBy: deleted) == ["new_gone"])
        #expect(assembly.entities(holding: deleted) == ["contact", "new_gone"])
        #expect(assembly.entities(identifiedBy: ["608861bc-50a4-4c5f-a02c-21fe1943e2cf"]) == ["contact"])
        assembly.removeEntity("new_gone")
        #expect(assembly.logicalNames == ["contact"])
    }

    @Test func anAnswerWithoutItsStampIsLocated() {
        #expect {
            try MetadataChanges.read(Array(#"{"EntityMetadata": []}"#.utf8), source: "https://org/changes")
        } throws: { error in "\(error)" == "https://org/changes:1:1: error: the answer has no ServerVersionStamp" }
    }
}
