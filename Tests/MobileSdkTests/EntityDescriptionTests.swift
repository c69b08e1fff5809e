import Foundation
import MobileSdk
import Testing

/// `Entity.debugDescription` is the same for the same content, whatever the order of assignment.
struct EntityDescriptionTests {
    let id = UUID(uuidString: "6E0D1B4A-61C4-4B2B-9F0E-0A1B2C3D4E5F") ?? UUID()

    @Test func sortedAndStable() {
        let first = Account()
        first.recordId = id
        first.name = "Contoso"
        first.revenue = Money(Decimal(string: "12.5") ?? 0)
        first.industryCode = .unknown(999)
        first["description"] = .null

        let second = Account()
        second["description"] = .null
        second.industryCode = .unknown(999)
        second.revenue = Money(Decimal(string: "12.5") ?? 0)
        second.name = "Contoso"
        second.recordId = id

        let expected =
            "account(id: 6e0d1b4a-61c4-4b2b-9f0e-0a1b2c3d4e5f) {accountid: 6e0d1b4a-61c4-4b2b-9f0e-0a1b2c3d4e5f, "
            + "description: null, industrycode: OptionSetValue(999), name: \"Contoso\", revenue: Money(12.5)}"
        #expect(first.debugDescription == expected)
        #expect(second.debugDescription == expected)
    }

    @Test func withoutIdOrAttributes() { #expect(Entity(logicalName: "lead").debugDescription == "lead {}") }

    @Test func nestedValues() {
        let entity = Entity(logicalName: "person")
        entity["address"] = .complex(["Zip": .int32(98052), "City": .string("Redmond")])
        entity["tags"] = .collection([.enumMember("Wifi,TV"), .boolean(true)])
        entity["born"] = .date(DateOnly(year: 1990, month: 4, day: 1))
        entity["photo"] = .binary(Data([1, 2, 3]))
        entity["home"] = .geography(.point(longitude: -122.1, latitude: 47.6, srid: 4326))
        entity["extra"] = .untyped(.object(["b": .number(1), "a": .array([.null, .string("x")])]))
        entity["when"] = .dateTimeOffset(Date(timeIntervalSince1970: 1.5))
        #expect(
            entity.debugDescription == "person {" + "address: {City: \"Redmond\", Zip: 98052}, " + "born: 1990-04-01, "
                + "extra: {\"a\": [null, \"x\"], \"b\": 1}, " + "home: geography'SRID=4326;POINT(-122.1 47.6)', "
                + "photo: binary(AQID), " + "tags: [enum(Wifi,TV), true], " + "when: 1970-01-01T00:00:01.500Z}"
        )
    }
}
