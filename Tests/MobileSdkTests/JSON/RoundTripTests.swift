import Foundation
import Testing
@testable import MobileSdk

/// Property: for random entities, encoding then decoding gives the same attributes, in every dialect.
struct RoundTripTests {
    enum Dialect: CaseIterable, CustomStringConvertible {
        case v4, v4IEEE754, v2
        var description: String { "\(self == .v4 ? "v4" : self == .v2 ? "v2" : "v4 IEEE754Compatible")" }
        var version: ODataVersion { self == .v2 ? .v2 : .v4 }
    }

    /// A random value of one property of ``JTEverything``, or nil to leave it absent.
    func value(of property: PropertyMetadata, _ values: inout RandomValues, dialect: Dialect) -> AttributeValue? {
        if values.chance(25) { return nil }
        switch property.type {
        case .navigation: return nil
        // v4 writes lookups as binds, which a response never holds: only v2 reads them back.
        case .lookup where dialect != .v2: return nil
        // A JSON null is a null property, not an Edm.Untyped null.
        case .untyped: if values.chance(8) { return .untyped(.array([.null])) }
        default: break
        }
        if values.chance(8) { return .null }
        if property.isCollection {
            switch property.type {
            case .optionSet: return .optionSetValues(values.options())
            case .string:
                return .collection(
                    (0..<Int.random(in: 0...3, using: &values.random)).map { _ in .string(values.string()) }
                )
            case .int32:
                return .collection((0..<Int.random(in: 0...3, using: &values.random)).map { _ in .int32(values.int()) })
            case .complex:
                return .collection((0..<Int.random(in: 0...2, using: &values.random)).map { _ in address(&values) })
            default: return nil
            }
        }
        switch property.type {
        case .boolean: return .boolean(values.bool())
        case .byte: return .byte(values.int())
        case .sbyte: return .sbyte(values.int())
        case .int16: return .int16(values.int())
        case .int32: return .int32(values.int())
        case .int64: return .int64(values.int())
        case .single: return .single(values.float())
        case .double: return .double(values.double())
        case .decimal: return .decimal(values.decimal())
        case .string: return .string(values.string())
        case .guid: return .guid(values.guid())
        case .binary: return .binary(values.data())
        case .dateTimeOffset, .dateTime: return .dateTimeOffset(values.date())
        case .date: return .date(values.dateOnly())
        case .timeOfDay: return .timeOfDay(values.timeOfDay())
        case .duration: return .duration(values.duration())
        case .geography: return .geography(values.spatial())
        case .geometry: return .geometry(values.spatial())
        case .untyped:
            let value = values.untyped()
            return .untyped(value == .null ? .bool(true) : value)
        case .enumeration: return .enumMember(["Red", "Red,Blue", "5"][Int.random(in: 0..<3, using: &values.random)])
        case .optionSet: return .optionSetValue(OptionSetValue(values.int()))
        case .money: return .money(Money(values.decimal()))
        case .lookup: return .entityReference(EntityReference(logicalName: values.string(), id: values.guid()))
        case .complex: return address(&values)
        case .file: return .guid(values.guid())
        case .navigation, .stream: return nil
        }
    }

    func address(_ values: inout RandomValues) -> AttributeValue {
        var members: [String: AttributeValue] = [:]
        if values.chance(70) { members["Street"] = .string(values.string()) }
        if values.chance(70) { members["Zip"] = .int64(values.int()) }
        if values.chance(50) { members["kind"] = .enumMember("Home") }
        if values.chance(50) { members["Lines"] = .collection([.string(values.string())]) }
        if values.chance(50) {
            members["Geo"] = .complex(["Lat": .double(values.double()), "Checked": .dateTimeOffset(values.date())])
        }
        if values.chance(30) { members["Extra"] = .string(values.string()) }
        if values.chance(20) { members["Flag"] = .boolean(values.bool()) }
        return .complex(members)
    }

    /// Open-type properties, read back by JSON shape: only the kinds a shape identifies in this dialect.
    func dynamicValue(_ values: inout RandomValues, dialect: Dialect) -> AttributeValue {
        switch Int.random(in: 0..<(dialect == .v4 ? 6 : 4), using: &values.random) {
        case 0: return .string(values.string())
        case 1: return .boolean(values.bool())
        case 2: return .int32(values.int())
        case 3: return .null
        case 4: return .int64(Int64(Int32.max) + 1 + Int64.random(in: 0...1_000_000, using: &values.random))
        default: return .decimal(Decimal(string: values.digits(3) + "." + values.digits(2) + "1") ?? 1)
        }
    }

    func randomEntity(seed: UInt64, dialect: Dialect) -> JTEverything {
        var values = RandomValues(seed: seed)
        let entity = JTEverything()
        for property in JTEverything.propertyMetadata {
            if let value = value(of: property, &values, dialect: dialect) { entity[property.name] = value }
        }
        for index in 0..<Int.random(in: 0...3, using: &values.random) {
            entity["dyn\(index)"] = dynamicValue(&values, dialect: dialect)
        }
        return entity
    }

    func encoder(_ dialect: Dialect) -> ODataJSONEncoder {
        ODataJSONEncoder(version: dialect.version, ieee754Compatible: dialect == .v4IEEE754, registry: jtRegistry())
    }

    @Test(arguments: Dialect.allCases) func encodeThenDecodeGivesTheSameAttributes(dialect: Dialect) throws {
        let decoder = ODataJSONDecoder(version: dialect.version, registry: jtRegistry())
        for seed in UInt64(1)...300 {
            let original = randomEntity(seed: seed, dialect: dialect)
            var body = try encoder(dialect).encodeForCreate(original)
            if dialect == .v2 { body = Data("{\"d\":".utf8) + body + Data("}".utf8) }
            let decoded: JTEverything
            do { decoded = try decoder.decodeEntity(JTEverything.self, from: body) } catch {
                Issue.record("seed \(seed), \(dialect): \(error) in \(jtText(body))")
                continue
            }
            for name in Set(original.attributes.keys).union(decoded.attributes.keys).sorted()
            where original[name] != decoded[name] {
                Issue.record(
                    "seed \(seed), \(dialect), \(name): \(String(describing: original[name])) came back as \(String(describing: decoded[name])) from \(jtText(body))"
                )
            }
        }
    }

    @Test(arguments: Dialect.allCases) func encodingIsStableUnderRoundTrips(dialect: Dialect) throws {
        // Encoding the decoded entity again gives the same bytes.
        let decoder = ODataJSONDecoder(version: dialect.version, registry: jtRegistry())
        for seed in UInt64(1000)...1100 {
            let first = try encoder(dialect).encodeForCreate(randomEntity(seed: seed, dialect: dialect))
            let envelope = dialect == .v2 ? Data("{\"d\":".utf8) + first + Data("}".utf8) : first
            guard let decoded = try? decoder.decodeEntity(JTEverything.self, from: envelope) else {
                Issue.record("seed \(seed), \(dialect): cannot decode \(jtText(envelope))")
                continue
            }
            let second = try encoder(dialect).encodeForCreate(decoded)
            #expect(first == second, "seed \(seed): \(jtText(first)) then \(jtText(second))")
        }
    }

    @Test func valuesRoundTripThroughEncodeValueAndDecodeValue() throws {
        var values = RandomValues(seed: 77)
        for property in JTEverything.propertyMetadata {
            if case .navigation = property.type { continue }
            if case .lookup = property.type { continue }
            for _ in 0..<20 {
                guard let value = value(of: property, &values, dialect: .v4) else { continue }
                let body = try ODataJSONEncoder(registry: jtRegistry())
                    .encodeValue(value, type: property.type, collection: property.isCollection)
                let wrapped = Data("{\"value\":".utf8) + body + Data("}".utf8)
                let decoded = try ODataJSONDecoder(registry: jtRegistry())
                    .decodeValue(from: wrapped, type: property.type, collection: property.isCollection)
                #expect(decoded == value, "\(property.name): \(jtText(body))")
            }
        }
    }
}
