import Foundation
import Testing
@testable import MobileSdk

/// OData v2 verbose JSON request bodies (CRM 2011–2016).
struct EncoderVerboseTests {
    let encoder = ODataJSONEncoder(version: .v2, registry: jtRegistry())

    func text(_ value: AttributeValue, _ type: PropertyType? = nil, collection: Bool = false) throws -> String {
        jtText(try encoder.encodeValue(value, type: type, collection: collection))
    }

    @Test func legacyDatesForDateTime() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600.5)
        #expect(try text(.dateTimeOffset(date), .dateTime) == #""/Date(1714566600500)/""#)
        #expect(try text(.dateTimeOffset(date), .dateTimeOffset) == #""2024-05-01T12:30:00.500Z""#)
    }

    @Test func numbersAsStrings() throws {
        #expect(try text(.double(1.5)) == #""1.5""#)
        #expect(try text(.single(0.25)) == #""0.25""#)
        #expect(try text(.double(.infinity)) == #""INF""#)
        #expect(try text(.int64(5)) == #""5""#)
        #expect(try text(.decimal(Decimal(string: "1.25")!)) == #""1.25""#)
        #expect(try text(.int32(5)) == "5")
    }

    @Test func wrappers() throws {
        #expect(try text(.optionSetValue(OptionSetValue(3))) == #"{"Value":3}"#)
        #expect(try text(.money(Money(Decimal(string: "12.5")!))) == #"{"Value":"12.5"}"#)
        #expect(try text(.null, .optionSet) == #"{"Value":null}"#)
        #expect(try text(.null, .money) == #"{"Value":null}"#)
        #expect(
            try text(.entityReference(EntityReference(logicalName: "account", id: jtID1, name: "n")))
                == #"{"Id":"0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8","LogicalName":"account"}"#
        )
        #expect(try text(.null, .lookup([])) == #"{"Id":null,"LogicalName":null}"#)
        #expect(try text(.null, .string) == "null")
        // A null collection (a multi-select option set) is a plain null, not a wrapper.
        #expect(try text(.null, .optionSet, collection: true) == "null")
        #expect(try text(.null, .money, collection: true) == "null")
    }

    @Test func collectionsAreWrappedInResults() throws {
        #expect(
            try text(.collection([.string("a"), .string("b")]), .string, collection: true) == #"{"results":["a","b"]}"#
        )
        #expect(try text(.collection([]), .int32, collection: true) == #"{"results":[]}"#)
    }

    @Test func timeOfDayAsDuration() throws {
        #expect(
            try text(.timeOfDay(TimeOfDay(hour: 13, minute: 30, second: 15, nanosecond: 250_000_000)))
                == #""PT13H30M15.25S""#
        )
        #expect(try text(.timeOfDay(TimeOfDay(hour: 0, minute: 0, second: 0))) == #""PT0S""#)
    }

    @Test func entityBody() throws {
        let entity = JTEverything()
        entity["parent"] = .entityReference(EntityReference(logicalName: "account", id: jtID1))
        entity["status"] = .optionSetValue(OptionSetValue(2))
        entity["revenue"] = .null
        entity["legacy"] = .dateTimeOffset(Date(timeIntervalSince1970: 0))
        entity["tags"] = .collection([.string("t")])
        let child = JTChild()
        child["name"] = .string("c")
        entity.setRelatedCollection([child], for: "children")
        entity.setRelated(JTChild(), for: "best")
        #expect(
            jtText(try encoder.encodeForCreate(entity))
                == #"{"legacy":"/Date(0)/","_parent_value":{"Id":"0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8","LogicalName":"account"},"revenue":{"Value":null},"status":{"Value":2},"tags":{"results":["t"]},"Best":{},"Children":{"results":[{"name":"c"}]}}"#
        )
    }
}
