import Foundation
import MobileSdk
import Testing

/// The small value types' initializers and defaults.
struct ValueTypeTests {
    @Test func columnSet() {
        #expect(ColumnSet.all.allColumns)
        #expect(ColumnSet.all.columns.isEmpty)
        let some = ColumnSet(["name", "revenue"])
        #expect(!some.allColumns)
        #expect(some.columns == ["name", "revenue"])
        #expect(ColumnSet(allColumns: false) == ColumnSet([]))
    }

    @Test func entityCollection() {
        let collection = EntityCollection(entities: [Account(), Account()], entityName: "account")
        #expect(collection.entities.count == 2)
        #expect(collection.entityName == "account")
        #expect(!collection.moreRecords)
        #expect(collection.pagingCookie == nil)
        #expect(collection.totalRecordCount == nil)
    }

    @Test func entityReference() {
        let id = UUID(uuidString: "00000000-0000-0000-0000-00000000000A") ?? UUID()
        let reference = EntityReference(logicalName: "account", id: id)
        #expect(reference.name == nil)
        #expect(reference.description == "EntityReference(account, 00000000-0000-0000-0000-00000000000a)")
        #expect(
            EntityReference(logicalName: "account", id: id, name: "A \"B\"").description
                == "EntityReference(account, 00000000-0000-0000-0000-00000000000a, \"A \\\"B\\\"\")"
        )
    }
}
