import Foundation
import MobileSdk
import Testing

/// `Codable` attribute values and entity snapshots: exact round trips through JSON and property lists.
struct EntitySnapshotTests {
    /// The encoders and decoders a snapshot must survive.
    enum Format: CaseIterable, Sendable {
        case json, binaryPropertyList, xmlPropertyList

        func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
            switch self {
            case .json: return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
            case .binaryPropertyList, .xmlPropertyList:
                let encoder = PropertyListEncoder()
                encoder.outputFormat = self == .xmlPropertyList ? .xml : .binary
                return try PropertyListDecoder().decode(Value.self, from: encoder.encode(value))
            }
        }
    }

    typealias Position = SpatialValue.Position

    /// A value of every case, with extremes, many digits and nesting.
    static let values: [AttributeValue] = [
        .null, .boolean(true), .byte(255), .sbyte(-128), .int16(.min), .int32(.max), .int64(.min), .int64(.max),
        .single(.greatestFiniteMagnitude), .single(.infinity), .single(-.leastNonzeroMagnitude), .double(0.1 + 0.2),
        .double(-0.0), .double(.leastNonzeroMagnitude), .double(-.infinity),
        .decimal(decimal("-12345678901234567890.123456789012345678")), .decimal(decimal("1e100")),
        .decimal(decimal("0.00000000000000000000000000000000000000000000001")), .string("naïve \"quoted\"\n🙂"),
        .string(""), .guid(UUID()), .binary(Data([0, 1, 0xFF])), .binary(Data()),
        .dateTimeOffset(Date(timeIntervalSinceReferenceDate: 123_456_789.123_456_789)), .dateTimeOffset(Date()),
        .date(DateOnly(year: -44, month: 3, day: 15)), .date(DateOnly(year: .min, month: 2, day: 30)),
        .timeOfDay(TimeOfDay(hour: 23, minute: 59, second: 59, nanosecond: 1)),
        .timeOfDay(TimeOfDay(hour: 25, minute: 0, second: 0)),
        .duration(EdmDuration(seconds: decimal("-93784.123456789012345678901234567"))),
        .entityReference(EntityReference(logicalName: "account", id: UUID(), name: "Contoso")),
        .entityReference(EntityReference(logicalName: "contact", id: UUID())), .optionSetValue(OptionSetValue(-1)),
        .optionSetValues([OptionSetValue(1), OptionSetValue(100_000_000)]), .optionSetValues([]),
        .money(Money(decimal("1234567890123456.7891"))),
        .geography(.point(longitude: -122.5, latitude: 47.25, srid: 4326)),
        .geometry(
            .collection([
                .point(Position(x: 1, y: 2, z: 3)),
                .lineString([Position(x: 0, y: 0), Position(x: .infinity, y: -.infinity)]),
                .polygon([[Position(x: 0, y: 0), Position(x: 1, y: 0), Position(x: 0, y: 0)]]),
                .multiPoint([Position(x: 5, y: 6)]), .multiLineString([[Position(x: 1, y: 1)], []]),
                .multiPolygon([[[Position(x: -0.5, y: 0.25)]]]), .collection([]),
            ])
        ), .enumMember("Red,Blue"),
        .complex([
            "street": .string("1 Main St"), "location": .geography(.point(longitude: 1, latitude: 2)),
            "tags": .collection([.string("a"), .null]), "inner": .complex(["amount": .money(Money(decimal("0.1")))]),
        ]), .complex([:]),
        .collection([.int32(1), .complex(["a": .null]), .collection([]), .decimal(decimal("3.14159"))]),
        .untyped(
            .object([
                "list": .array([.null, .bool(false), .number(decimal("-1.5e-30")), .string("x"), .object([:])]),
                "count": .number(decimal("12345678901234567890123456789012345678")),
            ])
        ),
    ]

    @Test(arguments: Format.allCases) func everyCaseRoundTrips(format: Format) throws {
        for value in Self.values { #expect(try format.roundTrip(value) == value) }
        // Every case is covered: each encodes under a tag of its own.
        let tags = try Self.values.map { value in
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
            return try #require(object?.keys.first)
        }
        #expect(Set(tags).count == 27)
    }

    @Test(arguments: Format.allCases) func nanRoundTrips(format: Format) throws {
        guard case .double(let double) = try format.roundTrip(AttributeValue.double(.nan)),
            case .single(let single) = try format.roundTrip(AttributeValue.single(-.nan)),
            case .geography(let point) = try format.roundTrip(AttributeValue.geography(.point(x: .nan, y: 0))),
            case .point(let position) = point.shape,
            case .decimal(let decimal) = try format.roundTrip(AttributeValue.decimal(.nan))
        else {
            Issue.record("the round trip changed the case")
            return
        }
        #expect(double.isNaN && single.isNaN && position.x.isNaN && decimal.isNaN)
    }

    @Test func compactTaggedForm() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func json(_ value: AttributeValue) throws -> String {
            String(decoding: try encoder.encode(value), as: UTF8.self)
        }
        #expect(try json(.string("x")) == #"{"string":"x"}"#)
        #expect(try json(.null) == #"{"null":true}"#)
        #expect(try json(.double(.nan)) == #"{"double":"nan"}"#)
        #expect(try json(.single(-.infinity)) == #"{"single":"-inf"}"#)
        #expect(try json(.decimal(decimal("1.50"))) == #"{"decimal":"1.5"}"#)
        #expect(try json(.date(DateOnly(year: 2024, month: 5, day: 1))) == #"{"date":{"day":1,"month":5,"year":2024}}"#)
        #expect(try json(.geometry(.point(x: 1, y: 2, srid: 0))) == #"{"geometry":{"shape":{"point":[1,2]},"srid":0}}"#)
        #expect(try json(.untyped(.array([.number(1)]))) == #"{"untyped":{"array":[{"number":"1"}]}}"#)
    }

    @Test func unknownTagsAreRejected() throws {
        for (json, message) in [
            (#"{"text": "x"}"#, "unknown AttributeValue case 'text'"),
            (#"{"string": "x", "int32": 1}"#, "expected one key naming the AttributeValue case, found int32, string"),
            (#"{"untyped": {"integer": 1}}"#, "unknown UntypedValue case 'integer'"),
            (#"{"double": "infinity"}"#, #"expected a number, "nan", "inf" or "-inf", found "infinity""#),
            (#"{"decimal": "1.5x"}"#, #"expected a decimal, found "1.5x""#),
        ] {
            let error = #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(AttributeValue.self, from: Data(json.utf8))
            }
            guard case .dataCorrupted(let context)? = error else {
                Issue.record("\(json): \(String(describing: error))")
                continue
            }
            #expect(context.debugDescription == message)
        }
    }

    @Test(arguments: Format.allCases) func restoringKeepsChangedAndUnchangedAttributes(format: Format) throws {
        let account = Account(id: UUID())
        account.name = "Contoso"
        account.industryCode = .agriculture
        account.revenue = Money(decimal("1000000.01"))
        account.acceptChanges()
        account.name = "Contoso Ltd"
        account["description"] = .null

        let restored = try Account(snapshot: format.roundTrip(account.snapshot()))

        #expect(restored.attributes == account.attributes)
        #expect(restored.changedAttributeNames == ["description", "name"])
        #expect(!restored.hasChanged("revenue") && !restored.hasChanged("industrycode"))
        #expect(restored.recordId == account.recordId)
        #expect(restored.name == "Contoso Ltd")
        #expect(restored.revenue == Money(decimal("1000000.01")))
        #expect(restored.snapshot() == account.snapshot())
    }

    @Test func formattedValuesAndETagArePreserved() throws {
        let account = Account()
        account.industryCode = .accounting
        account.formattedValues["industrycode"] = "Accounting"
        account.eTag = #"W/"12345""#
        account.relatedEntities["contact_customer_accounts"] = EntityCollection(entities: [Contact()])

        let snapshot = try Format.json.roundTrip(account.snapshot())
        let restored = try Account(snapshot: snapshot)

        #expect(snapshot.qualifiedName == "Microsoft.Dynamics.CRM.account")
        #expect(restored.formattedValues == ["industrycode": "Accounting"])
        #expect(restored.eTag == #"W/"12345""#)
        #expect(restored.relatedEntities.isEmpty)
        #expect(restored.changedAttributeNames == ["industrycode"])
    }

    @Test func plainEntitiesTakeAnySnapshot() throws {
        let id = UUID()
        let lateBound = Entity(logicalName: "account", id: id)
        lateBound["name"] = .string("Contoso")

        let restored = try Entity(snapshot: Format.json.roundTrip(lateBound.snapshot()))
        #expect(type(of: restored) == Entity.self)
        #expect(restored.logicalName == "account")
        #expect(restored.recordId == id)
        #expect(restored.changedAttributeNames == ["name"])

        let registry = EntityRegistry()
        registry.register(Account.self)
        #expect((registry.earlyBound(restored) as? Account)?.name == "Contoso")
    }

    @Test func anotherLogicalNameIsRejected() {
        let snapshot = Entity(logicalName: "contact").snapshot()
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "account", actual: "contact")) {
            try Account(snapshot: snapshot)
        }
    }
}

/// The decimal written in `text`, or NaN for text that is not a number.
private func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}
