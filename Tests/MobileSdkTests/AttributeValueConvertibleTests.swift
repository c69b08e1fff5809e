import Foundation
import MobileSdk
import Testing

/// Every conformance writes its canonical case and reads it back; `.null` and other kinds read as nil.
struct AttributeValueConvertibleTests {
    func roundTrip<T: AttributeValueConvertible & Equatable>(_ value: T, _ expected: AttributeValue) {
        #expect(value.attributeValue == expected)
        #expect(T(attributeValue: expected) == value)
        #expect(T(attributeValue: .null) == nil)
        #expect(T(attributeValue: .collection([expected])) == nil)

        var attributes: [String: AttributeValue] = [:]
        attributes.set(value, for: "x")
        #expect(attributes.value("x", as: T.self) == value)
        let entity = Entity(logicalName: "thing")
        entity.setValue(value, for: "x")
        #expect(entity["x"] == expected)
        #expect(entity.getValue("x", as: T.self) == value)
    }

    @Test func standardTypes() {
        let id = UUID()
        roundTrip(true, .boolean(true))
        roundTrip(UInt8(200), .byte(200))
        roundTrip(Int8(-5), .sbyte(-5))
        roundTrip(Int16(-300), .int16(-300))
        roundTrip(Int32(70_000), .int32(70_000))
        roundTrip(Int64.max, .int64(.max))
        roundTrip(Float(1.5), .single(1.5))
        roundTrip(2.25, .double(2.25))
        roundTrip(
            Decimal(string: "79228162514264337593543950335") ?? 0,
            .decimal(Decimal(string: "79228162514264337593543950335") ?? 0)
        )
        roundTrip("text", .string("text"))
        roundTrip(id, .guid(id))
        roundTrip(Data([0, 255]), .binary(Data([0, 255])))
        roundTrip(
            Date(timeIntervalSince1970: 1_700_000_000),
            .dateTimeOffset(Date(timeIntervalSince1970: 1_700_000_000))
        )
    }

    @Test func runtimeTypes() {
        let reference = EntityReference(logicalName: "contact", id: UUID(), name: "Ada")
        let point = SpatialValue.point(longitude: 1, latitude: 2, srid: 4326)
        roundTrip(DateOnly(year: 2024, month: 2, day: 29), .date(DateOnly(year: 2024, month: 2, day: 29)))
        roundTrip(TimeOfDay(hour: 8, minute: 30, second: 0), .timeOfDay(TimeOfDay(hour: 8, minute: 30, second: 0)))
        roundTrip(EdmDuration(seconds: 90), .duration(EdmDuration(seconds: 90)))
        roundTrip(reference, .entityReference(reference))
        roundTrip(OptionSetValue(3), .optionSetValue(OptionSetValue(3)))
        roundTrip(Money(Decimal(string: "9.99") ?? 0), .money(Money(Decimal(string: "9.99") ?? 0)))
        roundTrip(point, .geography(point))
        roundTrip(
            UntypedValue.object(["a": .array([.bool(true), .number(1)])]),
            .untyped(.object(["a": .array([.bool(true), .number(1)])]))
        )
    }

    @Test func losslessWidening() {
        #expect(Int16(attributeValue: .byte(255)) == 255)
        #expect(Int16(attributeValue: .sbyte(-128)) == -128)
        #expect(Int32(attributeValue: .int16(-2)) == -2)
        #expect(Int64(attributeValue: .int32(.min)) == Int64(Int32.min))
        #expect(Decimal(attributeValue: .int32(7)) == 7)
        #expect(Decimal(attributeValue: .int64(.max)) == Decimal(Int64.max))
        #expect(Double(attributeValue: .single(0.5)) == 0.5)
        #expect(Double(attributeValue: .int32(.max)) == Double(Int32.max))
        #expect(Float(attributeValue: .int16(12)) == 12)
        #expect(OptionSetValue(attributeValue: .int32(4)) == OptionSetValue(4))
        #expect(SpatialValue(attributeValue: .geometry(.point(x: 3, y: 4))) == .point(x: 3, y: 4))
    }

    @Test func noNarrowing() {
        #expect(UInt8(attributeValue: .int32(1)) == nil)
        #expect(Int8(attributeValue: .byte(1)) == nil)
        #expect(Int16(attributeValue: .int32(1)) == nil)
        #expect(Int32(attributeValue: .int64(1)) == nil)
        #expect(Int64(attributeValue: .decimal(1)) == nil)
        #expect(Float(attributeValue: .double(1)) == nil)
        #expect(Float(attributeValue: .int32(1)) == nil)
        #expect(Double(attributeValue: .int64(1)) == nil)
        #expect(Decimal(attributeValue: .double(1)) == nil)
        #expect(Bool(attributeValue: .int32(1)) == nil)
        #expect(String(attributeValue: .enumMember("A")) == nil)
    }
}
