import MetadataReader
import Testing

/// Web API responses put together into one EntityDefinitions document, as `fetch` stores it.
struct EntityDefinitionsAssemblyTests {
    let entity = #"""
        {"@odata.context":"https://org/api/data/v9.2/$metadata#EntityDefinitions(Attributes())/$entity","LogicalName":"new_site",
         "SchemaName":"new_Site","Attributes":[
          {"@odata.type":"#Microsoft.Dynamics.CRM.PicklistAttributeMetadata","LogicalName":"new_kind","MinValue":1E3},
          {"@odata.type":"#Microsoft.Dynamics.CRM.StringAttributeMetadata","LogicalName":"new_name","Description":"Tab\t\"q\" é"},
          {"@odata.type":"#Microsoft.Dynamics.CRM.StatusAttributeMetadata","LogicalName":"statuscode"}]}
        """#
    let picklists = #"""
        {"value":[{"MetadataId":"1","LogicalName":"new_kind","OptionSet":{"Name":"new_kind","Options":[]},"GlobalOptionSet":null}]}
        """#

    @Test func optionSetsJoinTheirAttributesAndValuesKeepTheirText() throws {
        var assembly = EntityDefinitionsAssembly()
        let types = try assembly.addEntity(Array(entity.utf8), logicalName: "new_site", source: "entity")
        #expect(types == ["PicklistAttributeMetadata", "StatusAttributeMetadata"])
        try assembly.addOptionSets(Array(picklists.utf8), logicalName: "new_site", source: "picklists")
        let document = String(decoding: assembly.document(), as: UTF8.self)
        #expect(
            document == #"""
                {
                  "value": [
                    {
                      "LogicalName": "new_site",
                      "SchemaName": "new_Site",
                      "Attributes": [
                        {
                          "@odata.type": "#Microsoft.Dynamics.CRM.PicklistAttributeMetadata",
                          "LogicalName": "new_kind",
                          "MinValue": 1E3,
                          "OptionSet": {
                            "Name": "new_kind",
                            "Options": []
                          },
                          "GlobalOptionSet": null
                        },
                        {
                          "@odata.type": "#Microsoft.Dynamics.CRM.StringAttributeMetadata",
                          "LogicalName": "new_name",
                          "Description": "Tab\t\"q\" é"
                        },
                        {
                          "@odata.type": "#Microsoft.Dynamics.CRM.StatusAttributeMetadata",
                          "LogicalName": "statuscode"
                        }
                      ]
                    }
                  ]
                }

                """#
        )
        // What the reader makes of it: the option set on its attribute.
        let result = MetadataLoader().load([.init(name: "site.json", bytes: assembly.document())])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let kind = result.service.schemas.first?.entityTypes.first?.properties.first { $0.name == "new_kind" }
        #expect(kind?.dynamics?.optionSet?.name == "new_kind")
    }

    @Test func entitiesAreOrderedByNameWhateverOrderTheyCameIn() throws {
        var first = EntityDefinitionsAssembly()
        var second = EntityDefinitionsAssembly()
        let a = Array(#"{"LogicalName":"a","Attributes":[]}"#.utf8)
        let b = Array(#"{"LogicalName":"b","Attributes":[]}"#.utf8)
        _ = try first.addEntity(a, logicalName: "a", source: "a")
        _ = try first.addEntity(b, logicalName: "b", source: "b")
        _ = try second.addEntity(b, logicalName: "b", source: "b")
        _ = try second.addEntity(a, logicalName: "a", source: "a")
        #expect(first.document() == second.document())
    }

    /// What `fetch` does as answers arrive: each entity read apart, given its option sets, written, then added.
    @Test func entitiesReadApartAndAddedWrittenGiveTheSameDocument() throws {
        let other = Array(#"{"LogicalName":"a","Attributes":[]}"#.utf8)
        var whole = EntityDefinitionsAssembly()
        _ = try whole.addEntity(Array(entity.utf8), logicalName: "new_site", source: "entity")
        try whole.addOptionSets(Array(picklists.utf8), logicalName: "new_site", source: "picklists")
        _ = try whole.addEntity(other, logicalName: "a", source: "a")
        var site = try EntityDefinitionsAssembly.Entity(Array(entity.utf8), logicalName: "new_site", source: "entity")
        #expect(site.optionSetTypes == ["PicklistAttributeMetadata", "StatusAttributeMetadata"])
        try site.addOptionSets(Array(picklists.utf8), source: "picklists")
        var apart = EntityDefinitionsAssembly()
        apart.add(site.written())
        apart.add(try EntityDefinitionsAssembly.Entity(other, logicalName: "a", source: "a"))
        #expect(apart.logicalNames == ["a", "new_site"])
        #expect(apart.document() == whole.document())
        // A written entity is read back when asked about: here, to add option sets to it.
        try apart.addOptionSets(Array(picklists.utf8), logicalName: "new_site", source: "picklists")
        #expect(apart.document() == whole.document())
        #expect(EntityDefinitionsAssembly().document() == Array("{\n  \"value\": []\n}\n".utf8))
    }

    @Test func answersThatDoNotFitAreLocatedErrors() throws {
        var assembly = EntityDefinitionsAssembly()
        #expect(throws: EntityDefinitionsAssembly.Failure.self) {
            try assembly.addEntity(Array(entity.utf8), logicalName: "account", source: "entity")
        }
        _ = try assembly.addEntity(Array(entity.utf8), logicalName: "new_site", source: "entity")
        let stranger = #"{"value":[{"LogicalName":"new_gone","OptionSet":null}]}"#
        do {
            try assembly.addOptionSets(Array(stranger.utf8), logicalName: "new_site", source: "https://org/casts")
            Issue.record("an attribute the entity does not have was accepted")
        } catch {
            #expect(error.description.hasPrefix("https://org/casts:1:11: error: attribute 'new_gone' is not among"))
        }
        do {
            _ = try EntityDefinitionsAssembly.entityNames(
                Array(#"{"value": [{"LogicalName": 3}]"#.utf8),
                source: "list"
            )
            Issue.record("a truncated list was accepted")
        } catch { #expect(error.description.hasPrefix("list:1:")) }
    }
}
