import MobileSdk
import Testing

/// The compact property tables generated code writes: every kind of line, and lines that do not read.
struct PropertyMetadataTableTests {
    @Test func readsEveryKindOfLine() throws {
        let table = PropertyMetadata.table("""
            name string
            tags [string]
            home complex #0
            stops [complex] #0
            primarycontactid [navigation] #1
            ownerid lookup systemuser/owninguser/systemusers team/owningteam/teams payload=_ownerid_value
            odd%20name dateTimeOffset payload=%23odd
            """, [City.self, Contact.self])
        #expect(table.map(\.name) == ["name", "tags", "home", "stops", "primarycontactid", "ownerid", "odd name"])
        #expect(table.map(\.isCollection) == [false, true, false, true, true, false, false])
        #expect(table.map(\.propertyName) == ["name", "tags", "home", "stops", "primarycontactid", "_ownerid_value", "#odd"])
        guard case .string = table[0].type, case .string = table[1].type, case .dateTimeOffset = table[6].type else {
            Issue.record("primitive kinds: \(table.map(\.type))")
            return
        }
        guard case .complex(let complex) = table[3].type, case .navigation(let entity) = table[4].type else {
            Issue.record("type references: \(table.map(\.type))")
            return
        }
        #expect(complex == City.self && entity == Contact.self)
        guard case .lookup(let targets) = table[5].type else {
            Issue.record("lookup: \(table[5].type)")
            return
        }
        #expect(targets.map(\.logicalName) == ["systemuser", "team"])
        #expect(targets.map(\.navigationProperty) == ["owninguser", "owningteam"])
        #expect(targets.map(\.entitySetName) == ["systemusers", "teams"])
    }

    @Test func everySimpleKindHasItsCase() {
        let kinds = ["boolean", "byte", "sbyte", "int16", "int32", "int64", "single", "double", "decimal", "string", "guid",
                     "binary", "dateTimeOffset", "dateTime", "date", "timeOfDay", "duration", "geography", "geometry",
                     "untyped", "enumeration", "optionSet", "money"]
        let table = PropertyMetadata.table(kinds.map { "p \($0)" }.joined(separator: "\n"))
        #expect(table.count == kinds.count)
        #expect(table.map { "\($0.type)" } == kinds)
    }

    /// CRM 2011's EntityReference properties are lookups whose targets the OData v2 metadata does not name.
    @Test func aLookupMayHaveNoTargets() {
        let table = PropertyMetadata.table("ownerid lookup\nprimarycontactid navigation #0", [Contact.self])
        #expect(table.count == 2)
        guard case .lookup(let targets) = table[0].type else {
            Issue.record("\(table[0].type)")
            return
        }
        #expect(targets.isEmpty)
    }

    /// Decoding needs AttributeValue small enough to pass in registers without a copy through memory: at 21 bytes
    /// every conformance of a generated enum or complex type to `AttributeValueConvertible` cost three times the
    /// code. Boxing `decimal`, `money` and `duration` keeps it at 17.
    @Test func attributeValueStaysInThreeRegisters() {
        #expect(MemoryLayout<AttributeValue>.size <= 17)
    }
}
