import Foundation
import Testing
@testable import MobileSdk

/// OData v4 lookups as `@odata.bind`, and deep insert of related entities.
struct EncoderBindTests {
    let encoder = ODataJSONEncoder(registry: jtRegistry())

    func create(_ build: (JTEverything) -> Void) throws -> String {
        let entity = JTEverything()
        build(entity)
        return jtText(try encoder.encodeForCreate(entity))
    }

    @Test func bindToTheTargetsEntitySet() throws {
        #expect(
            try create { $0["parent"] = .entityReference(EntityReference(logicalName: "account", id: jtID1)) }
                == #"{"parent_account@odata.bind":"/accounts(0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8)"}"#
        )
        #expect(
            try create {
                $0["parent"] = .entityReference(EntityReference(logicalName: "jtchild", id: jtID1, name: "ignored"))
            } == #"{"parent_jtchild@odata.bind":"/jtchildren(0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8)"}"#
        )
        // One possible target: an empty logical name means it.
        #expect(
            try create { $0["owner"] = .entityReference(EntityReference(logicalName: "", id: jtID1)) }
                == #"{"owner_systemuser@odata.bind":"/systemusers(0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8)"}"#
        )
    }

    @Test func nullBindClearsTheLookup() throws {
        #expect(try create { $0["parent"] = .null } == #"{"parent_jtchild@odata.bind":null}"#)
        #expect(throws: ODataEncodingError.self) { try create { $0["anyref"] = .null } }
    }

    @Test func lateBoundReferenceUsesTheRegistry() throws {
        // No lookup metadata: the registered class of the target gives the entity set.
        #expect(
            try create { $0["anyref"] = .entityReference(EntityReference(logicalName: "jtchild", id: jtID2)) }
                == #"{"anyref@odata.bind":"/jtchildren(11111111-2222-3333-4444-555555555555)"}"#
        )
        let lateBound = Entity(logicalName: "note")
        lateBound["objectid"] = .entityReference(EntityReference(logicalName: "jteverything", id: jtID1))
        #expect(
            jtText(try encoder.encodeForCreate(lateBound))
                == #"{"objectid@odata.bind":"/jteverythings(0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8)"}"#
        )
    }

    @Test func unknownTargetIsAnError() {
        #expect(throws: ODataEncodingError.self) {
            try create { $0["anyref"] = .entityReference(EntityReference(logicalName: "nothing", id: jtID1)) }
        }
        #expect(throws: ODataEncodingError.self) {
            try create { $0["parent"] = .entityReference(EntityReference(logicalName: "lead", id: jtID1)) }
        }
        #expect(throws: ODataEncodingError.self) {
            try create { $0["parent"] = .entityReference(EntityReference(logicalName: "", id: jtID1)) }
        }
        let error = ODataEncodingError(message: "m")
        #expect(error.description == "m")
    }

    @Test func bindsInUpdates() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"{"_parent_value": "\#(jtID1.uuidString)", "_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname": "account"}"#
        )
        #expect(jtText(try encoder.encodeForUpdate(entity)) == "{}")
        entity["parent"] = .entityReference(EntityReference(logicalName: "jtchild", id: jtID2))
        #expect(
            jtText(try encoder.encodeForUpdate(entity))
                == #"{"parent_jtchild@odata.bind":"/jtchildren(11111111-2222-3333-4444-555555555555)"}"#
        )
    }

    @Test func deepInsert() throws {
        let text = try create { entity in
            entity["name"] = .string("parent")
            let best = JTChild()
            best["name"] = .string("b")
            entity.setRelated(best, for: "best")
            let first = JTChild()
            first["rank"] = .int64(1)
            let second = JTChild()
            second["rank"] = .int64(2)
            entity.setRelatedCollection([first, second], for: "children")
        }
        #expect(text == #"{"name":"parent","Best":{"name":"b"},"Children":[{"rank":1},{"rank":2}]}"#)
    }

    @Test func deepInsertOfOneEntityInACollectionIsAnArray() throws {
        let text = try create { entity in entity.setRelatedCollection([JTChild()], for: "children") }
        #expect(text == #"{"Children":[{}]}"#)
    }

    @Test func deepInsertNestsAndBinds() throws {
        let text = try create { entity in
            let child = JTSpecialChild()
            child["bonus"] = .decimal(1)
            let grandchild = JTChild()
            grandchild["name"] = .string("g")
            let nested = JTEverything()
            nested["owner"] = .entityReference(EntityReference(logicalName: "systemuser", id: jtID1))
            nested.setRelated(grandchild, for: "best")
            entity.setRelatedCollection([child], for: "children")
            entity.relatedEntities["other"] = EntityCollection(entities: [nested])
        }
        #expect(
            text
                == #"{"Children":[{"bonus":1}],"other":[{"owner_systemuser@odata.bind":"/systemusers(0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8)","Best":{"name":"g"}}]}"#
        )
    }

    @Test func updatesDoNotDeepInsert() throws {
        let entity = JTEverything()
        entity["name"] = .string("n")
        entity.setRelated(JTChild(), for: "best")
        #expect(jtText(try encoder.encodeForUpdate(entity)) == #"{"name":"n"}"#)
    }

    @Test func emptySingleNavigationIsLeftOut() throws {
        let entity = JTEverything()
        entity.relatedEntities["best"] = EntityCollection()
        #expect(jtText(try encoder.encodeForCreate(entity)) == "{}")
    }
}
