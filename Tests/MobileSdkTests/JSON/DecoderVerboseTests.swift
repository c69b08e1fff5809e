import Foundation
import Testing
@testable import MobileSdk

/// OData v2 verbose JSON, as Dynamics CRM 2011–2016's `OrganizationData.svc` sends it.
struct DecoderVerboseTests {
    let id = "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8"

    @Test func singleEntity() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"d": {"__metadata": {"uri": "https://host/Set(guid'x')", "type": "Test.Everything", "etag": "W/\"5\""},
                   "id": "\#(id)", "big": "42", "double": "1.5", "single": "2.5", "amount": "12.50",
                   "legacy": "\/Date(1714566600000)\/", "modified": "\/Date(1714566600000+0120)\/",
                   "opens": "PT13H30M15.25S", "status": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.OptionSetValue"}, "Value": 3},
                   "revenue": {"Value": "1234.50"},
                   "_parent_value": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.EntityReference"}, "Id": "\#(id)", "LogicalName": "account", "Name": "Contoso"},
                   "Children": {"__deferred": {"uri": "https://host/Set(guid'x')/Children"}}}, "extra": 1}
            """#,
            version: .v2
        )
        #expect(entity.eTag == "W/\"5\"")
        #expect(entity.recordId == jtID1)
        #expect(entity["big"] == .int64(42))
        #expect(entity["double"] == .double(1.5))
        #expect(entity["single"] == .single(2.5))
        #expect(entity["amount"] == .decimal(Decimal(string: "12.5")!))
        #expect(entity["legacy"] == .dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600)))
        #expect(entity["modified"] == .dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600)))
        #expect(entity["opens"] == .timeOfDay(TimeOfDay(hour: 13, minute: 30, second: 15, nanosecond: 250_000_000)))
        #expect(entity["status"] == .optionSetValue(OptionSetValue(3)))
        #expect(entity["revenue"] == .money(Money(Decimal(string: "1234.5")!)))
        #expect(
            entity["parent"] == .entityReference(EntityReference(logicalName: "account", id: jtID1, name: "Contoso"))
        )
        // A deferred link is not an expansion.
        #expect(entity.relatedEntities["children"] == nil)
        #expect(entity.changedAttributeNames.isEmpty)
    }

    @Test func nullWrappersAndReferences() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"d": {"status": {"Value": null}, "revenue": {"Value": null}, "_parent_value": {"Id": null, "LogicalName": null, "Name": null},
                   "_owner_value": null}}
            """#,
            version: .v2
        )
        #expect(entity["status"] == .null)
        #expect(entity["revenue"] == .null)
        #expect(entity["parent"] == .null)
        #expect(entity["owner"] == .null)
    }

    @Test func metadataTypeSelectsTheDerivedClass() throws {
        let child = try jtDecode(
            JTChild.self,
            #"{"d": {"__metadata": {"type": "Test.SpecialChild"}, "bonus": "2.5"}}"#,
            version: .v2
        )
        #expect(child is JTSpecialChild)
        #expect(child["bonus"] == .decimal(Decimal(string: "2.5")!))
    }

    @Test func collectionWithResultsCountAndNext() throws {
        let page = try jtDecodeCollection(
            JTChild.self,
            #"""
            {"d": {"results": [{"__metadata": {"type": "Test.Child"}, "name": "a"}, {"name": "b"}], "__count": "25",
                   "__next": "https://host/Set?$skiptoken=2"}}
            """#,
            version: .v2
        )
        #expect(page.entities.map { $0["name"] } == [.string("a"), .string("b")])
        #expect(page.totalRecordCount == 25)
        #expect(page.nextLink == "https://host/Set?$skiptoken=2")
        #expect(page.moreRecords)
    }

    @Test func odataV1CollectionIsAnArray() throws {
        let page = try jtDecodeCollection(JTChild.self, #"{"d": [{"name": "a"}]}"#, version: .v2)
        #expect(page.entities.count == 1)
        #expect(!page.moreRecords)
    }

    @Test func missingEnvelopeIsAnError() {
        #expect(throws: JSONPayloadError.self) { try jtDecodeCollection(JTChild.self, #"{"value": []}"#, version: .v2) }
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTChild.self, #"{"name": "a"}"#, version: .v2) }
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTChild.self, #"{}"#, version: .v2) }
    }

    @Test func expandedNavigation() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"d": {"Best": {"__metadata": {"type": "Test.Child"}, "name": "best"},
                   "Children": {"results": [{"name": "a"}, {"__metadata": {"type": "Test.SpecialChild"}, "bonus": "1"}],
                                "__count": "7", "__next": "more"}}}
            """#,
            version: .v2
        )
        #expect(entity.getRelated("best", as: JTChild.self)?["name"] == .string("best"))
        let children = try #require(entity.relatedEntities["children"])
        #expect(children.entities.count == 2)
        #expect(children.entities.last is JTSpecialChild)
        #expect(children.nextLink == "more")
        #expect(children.moreRecords)
        #expect(children.totalRecordCount == 7)
    }

    @Test func expandedEmptyCollection() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"{"d": {"Children": {"results": []}, "Best": null}}"#,
            version: .v2
        )
        // Expanded, with nothing related: not the same as a deferred link.
        #expect(entity.relatedEntities["children"]?.entities.isEmpty == true)
        #expect(entity.relatedEntities["best"]?.entities.isEmpty == true)
    }

    @Test func collectionProperties() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"d": {"tags": {"__metadata": {"type": "Collection(Edm.String)"}, "results": ["a", "b"]},
                   "addresses": {"results": [{"__metadata": {"type": "Test.Address"}, "Zip": "5"}]}, "scores": [1]}}
            """#,
            version: .v2
        )
        #expect(entity["tags"] == .collection([.string("a"), .string("b")]))
        #expect(entity["addresses"] == .collection([.complex(["Zip": .int64(5)])]))
        #expect(entity["scores"] == .collection([.int32(1)]))
    }

    @Test func timeAsDuration() throws {
        #expect(
            try jtDecode(JTEverything.self, #"{"d": {"opens": "PT0S"}}"#, version: .v2)["opens"]
                == .timeOfDay(TimeOfDay(hour: 0, minute: 0, second: 0))
        )
        #expect(
            try jtDecode(JTEverything.self, #"{"d": {"opens": "PT23H59M59.999999999S"}}"#, version: .v2)["opens"]
                == .timeOfDay(TimeOfDay(hour: 23, minute: 59, second: 59, nanosecond: 999_999_999))
        )
        for text in ["P1D", "PT24H", "-PT1H"] {
            #expect(throws: JSONPayloadError.self, "\(text)") {
                try jtDecode(JTEverything.self, #"{"d": {"opens": "\#(text)"}}"#, version: .v2)
            }
        }
    }

    @Test func lateBoundVerboseEntity() throws {
        let entity = try ODataJSONDecoder(version: .v2, registry: EntityRegistry())
            .decodeEntity(
                Entity.self,
                from: Data(
                    #"""
                    {"d": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.Lead"}, "Subject": "s", "Value": {"Value": 1}}}
                    """#
                    .utf8
                )
            )
        #expect(entity.logicalName == "Lead")
        #expect(entity["Subject"] == .string("s"))
        #expect(entity["Value"] == .complex(["Value": .int32(1)]))
    }
}
