import Foundation
import Testing
@testable import MobileSdk

/// Complex values with nested metadata, collections, and expanded navigation properties (OData v4).
struct DecoderStructureTests {
    @Test func complexValueWithNestedMetadata() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"address": {"@odata.type": "#Test.Address", "Street": "Main", "Zip": "98052", "Kind": "Home",
                         "Geo": {"Lat": 47.5, "Lon": "-INF", "Checked": "2024-05-01T12:30:00Z"},
                         "Lines": ["a", "b"], "Note": 1.25, "Code@odata.type": "#Int64", "Code": 7}}
            """#
        )
        let expected: [String: AttributeValue] = [
            "Street": .string("Main"), "Zip": .int64(98052), "kind": .enumMember("Home"),
            "Geo": .complex([
                "Lat": .double(47.5), "Lon": .double(-.infinity),
                "Checked": .dateTimeOffset(Date(timeIntervalSince1970: 1_714_566_600)),
            ]), "Lines": .collection([.string("a"), .string("b")]), "Note": .decimal(Decimal(string: "1.25")!),
            "Code": .int64(7),
        ]
        #expect(entity["address"] == .complex(expected))
        let typed: JTAddress? = entity.getValue("address")
        #expect(typed?.attributes["Street"] == .string("Main"))
    }

    @Test func collectionOfComplexValues() throws {
        let entity = try jtDecode(JTEverything.self, #"{"addresses": [{"Zip": 1}, {"Zip": "2", "Geo": null}]}"#)
        #expect(
            entity["addresses"]
                == .collection([.complex(["Zip": .int64(1)]), .complex(["Zip": .int64(2), "Geo": .null])])
        )
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTEverything.self, #"{"addresses": [{"Zip": true}]}"#) }
    }

    @Test func expandedSingleNavigation() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"{"Best": {"childid": "\#(jtID1.uuidString)", "name": "A", "rank": 3}}"#
        )
        let best = try #require(entity.relatedEntities["best"])
        #expect(best.entities.count == 1)
        let child = try #require(best.entities.first as? JTChild)
        #expect(child.recordId == jtID1)
        #expect(child["rank"] == .int64(3))
        #expect(child.logicalName == "jtchild")
        #expect(entity.getRelated("best", as: JTChild.self) === child)
        #expect(entity["best"] == nil && entity["Best"] == nil)
    }

    @Test func expandedNullAndEmptyNavigation() throws {
        let entity = try jtDecode(JTEverything.self, #"{"Best": null, "Children": []}"#)
        #expect(entity.relatedEntities["best"]?.entities.isEmpty == true)
        #expect(entity.relatedEntities["children"]?.entities.isEmpty == true)
    }

    @Test func expandedCollectionWithNextLinkAndCount() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"Children@odata.count": 3, "Children": [{"name": "a"}, {"name": "b"}],
             "Children@odata.nextLink": "https://host/jteverythings(1)/Children?$skiptoken=2"}
            """#
        )
        let children = try #require(entity.relatedEntities["children"])
        #expect(children.entities.map { $0["name"] } == [.string("a"), .string("b")])
        #expect(children.entities.allSatisfy { $0 is JTChild })
        #expect(children.nextLink == "https://host/jteverythings(1)/Children?$skiptoken=2")
        #expect(children.moreRecords)
        #expect(children.totalRecordCount == 3)
        #expect(children.entityName == "jtchild")
    }

    @Test func shortAnnotationsOnNavigation() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"{"Children": [], "Children@nextLink": "next", "Children@count": "5"}"#
        )
        #expect(entity.relatedEntities["children"]?.nextLink == "next")
        #expect(entity.relatedEntities["children"]?.totalRecordCount == 5)
    }

    @Test func nextLinkUnderPayloadNameThatDiffersFromStorageName() throws {
        let entity = try jtDecode(
            JTRenamed.self,
            #"{"Title": "t", "Items@odata.nextLink": "n", "Items@odata.count": 9, "Items": [{"name": "x"}]}"#
        )
        #expect(entity["title"] == .string("t"))
        let items = try #require(entity.relatedEntities["items"])
        #expect(items.nextLink == "n")
        #expect(items.totalRecordCount == 9)
        #expect(items.moreRecords)
    }

    @Test func nestedExpansion() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"{"Children": [{"name": "a", "childid": "\#(jtID2.uuidString)"}], "Best": {"name": "b"}}"#
        )
        #expect(entity.getRelatedCollection("children", as: JTChild.self)?.first?.recordId == jtID2)
        #expect(entity.getRelated("best", as: JTChild.self)?["name"] == .string("b"))
    }

    @Test func navigationMustBeAnEntityOrArray() {
        for json in [#"{"Best": 1}"#, #"{"Children": "x"}"#, #"{"Children": [1]}"#] {
            #expect(throws: JSONPayloadError.self, "\(json)") { try jtDecode(JTEverything.self, json) }
        }
    }

    @Test func collectionPage() throws {
        let page = try jtDecodeCollection(
            JTChild.self,
            #"""
            {"@odata.context": "$metadata#jtchildren", "@odata.count": 10, "value": [{"name": "a"}, {"name": "b"}],
             "@odata.nextLink": "next", "@Microsoft.Dynamics.CRM.fetchxmlpagingcookie": "<cookie/>", "extra": [1, {"a": null}]}
            """#
        )
        #expect(page.entities.count == 2)
        #expect(page.totalRecordCount == 10)
        #expect(page.nextLink == "next")
        #expect(page.moreRecords)
        #expect(page.pagingCookie == "<cookie/>")
        #expect(page.entityName == "jtchild")
    }

    @Test func lastPage() throws {
        let page = try jtDecodeCollection(
            JTChild.self,
            #"{"value": [], "@Microsoft.Dynamics.CRM.morerecords": false, "@Microsoft.Dynamics.CRM.totalrecordcount": 0}"#
        )
        #expect(page.entities.isEmpty)
        #expect(!page.moreRecords)
        #expect(page.totalRecordCount == 0)
        #expect(page.nextLink == nil)
    }

    @Test func lateBoundCollectionTakesTheLogicalName() throws {
        let page = try ODataJSONDecoder(registry: EntityRegistry())
            .decodeCollection(Entity.self, from: Data(#"{"value": [{"a": 1}]}"#.utf8), logicalName: "lead")
        #expect(page.entityName == "lead")
        #expect(page.entities.first?.logicalName == "lead")
        #expect(page.entities.first?["a"] == .int32(1))
    }
}
