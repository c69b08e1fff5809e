import Foundation
@testable import MobileSdk
import Testing

/// A page's records are read with keys remembered by position: records whose keys differ, come in another order,
/// are of a derived class or escape their keys must read exactly as if each were read alone.
struct KeyCacheTests {
    private let first = "11111111-1111-1111-1111-111111111111"
    private let second = "22222222-2222-2222-2222-222222222222"

    @Test func recordsWithOtherKeysOrOrdersReadAsAlone() throws {
        let records = [
            #"{"childid":"\#(first)","name":"a","rank":1}"#, #"{"rank":"2","childid":"\#(second)","name":"b"}"#,
            ##"{"@odata.type":"#Test.SpecialChild","childid":"\##(first)","bonus":1.5,"name":"c"}"##,
            #"{"childid":"\#(second)","n\u0061me":"d","extra":true}"#, #"{"childid":"\#(first)","name":"e","rank":5}"#,
        ]
        let page = try jtDecodeCollection(JTChild.self, #"{"value":[\#(records.joined(separator: ","))]}"#)
        #expect(page.entities.count == records.count)
        for (record, entity) in zip(records, page.entities) {
            let alone = try jtDecode(JTChild.self, record)
            #expect(type(of: entity) == type(of: alone))
            #expect(entity.attributes == alone.attributes)
        }
        #expect(page.entities[1]["rank"] == .int64(2))
        #expect(page.entities[2] is JTSpecialChild)
        #expect(page.entities[2]["bonus"] == .decimal(Decimal(string: "1.5") ?? 0))
        #expect(page.entities[3]["name"] == .string("d"))
        #expect(page.entities[3]["extra"] == .boolean(true))
    }

    @Test func annotationsStayWithTheirRecord() throws {
        let page = try jtDecodeCollection(
            JTEverything.self,
            #"""
            {"value":[
              {"_parent_value":"\#(first)","_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname":"jtchild","_parent_value@OData.Community.Display.V1.FormattedValue":"One"},
              {"_parent_value":"\#(second)","_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname":"account"},
              {"_parent_value@OData.Community.Display.V1.FormattedValue":"Three","_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname":"account","_parent_value":"\#(first)"}
            ]}
            """#
        )
        let references = page.entities.map { $0["parent"] }
        #expect(
            references == [
                .entityReference(
                    EntityReference(logicalName: "jtchild", id: UUID(uuidString: first) ?? UUID(), name: "One")
                ), .entityReference(EntityReference(logicalName: "account", id: UUID(uuidString: second) ?? UUID())),
                .entityReference(
                    EntityReference(logicalName: "account", id: UUID(uuidString: first) ?? UUID(), name: "Three")
                ),
            ]
        )
        #expect(page.entities[1].formattedValues.isEmpty)
    }

    /// Dataverse names a lookup's navigation property like the lookup (`ownerid`): each keeps its own metadata.
    @Test func aLookupAndANavigationPropertyMayShareAName() throws {
        let record = DataverseLike()
        record["ownerid"] = .entityReference(
            EntityReference(logicalName: "systemuser", id: UUID(uuidString: first) ?? UUID())
        )
        let body = try ODataJSONEncoder().encodeForCreate(record)
        #expect(String(decoding: body, as: UTF8.self) == #"{"ownerid@odata.bind":"/systemusers(\#(first))"}"#)

        let decoded = try ODataJSONDecoder(registry: EntityRegistry())
            .decodeEntity(
                DataverseLike.self,
                from: Data(
                    #"""
                    {"_ownerid_value":"\#(first)","_ownerid_value@Microsoft.Dynamics.CRM.lookuplogicalname":"systemuser","ownerid":{"systemuserid":"\#(first)"}}
                    """#
                    .utf8
                )
            )
        #expect(
            decoded["ownerid"]
                == .entityReference(EntityReference(logicalName: "systemuser", id: UUID(uuidString: first) ?? UUID()))
        )
        #expect(decoded.relatedEntities["ownerid"]?.entities.count == 1)
    }
}

/// A Dataverse-shaped class whose lookup and navigation property are both called `ownerid`.
private final class DataverseLike: Entity {
    override class var entityLogicalName: String { "dataverselike" }
    override class var propertyMetadata: [PropertyMetadata] {
        [
            .init(
                "ownerid",
                .lookup([.init("systemuser", navigationProperty: "ownerid", entitySetName: "systemusers")]),
                propertyName: "_ownerid_value"
            ), .init("ownerid", .navigation(Entity.self), propertyName: "ownerid"),
        ]
    }
}
