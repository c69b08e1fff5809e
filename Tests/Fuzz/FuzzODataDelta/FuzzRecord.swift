import Foundation
import MobileSdk

/// A class with a property of each kind the offline store reads straight from a payload, for the record reader.
final class FuzzRecord: Entity {
    override class var entityLogicalName: String { "fuzzrecord" }
    override class var entityQualifiedName: String? { "Fuzz.Record" }
    override class var propertyMetadata: [PropertyMetadata] {
        [
            PropertyMetadata("id", .guid), PropertyMetadata("name", .string), PropertyMetadata("flag", .boolean),
            PropertyMetadata("small", .byte), PropertyMetadata("count", .int32), PropertyMetadata("big", .int64),
            PropertyMetadata("ratio", .double), PropertyMetadata("amount", .decimal), PropertyMetadata("price", .money),
            PropertyMetadata("status", .optionSet), PropertyMetadata("day", .date),
            PropertyMetadata("modified", .dateTimeOffset), PropertyMetadata("tags", .string, collection: true),
            PropertyMetadata(
                "parent",
                .lookup([LookupTarget("fuzzrecord", navigationProperty: "parent", entitySetName: "records")]),
                propertyName: "_parent_value"
            ), PropertyMetadata("children", .navigation(FuzzRecord.self)),
        ]
    }
}

/// Reads every value it is given in the form the offline store would, by the property's type.
struct FieldReadingSink: ODataRecordSink {
    mutating func beginRecord(_ type: Entity.Type) {}
    mutating func recordType(_ type: Entity.Type) {}
    mutating func eTag(_ eTag: String?) {}

    mutating func value(from field: inout ODataField) throws -> Bool {
        guard let property = field.property else { preconditionFailure("a value without its property") }
        if try field.readNull() { return true }
        switch property.type {
        case _ where property.isCollection: _ = try field.readValue(as: property)
        case .string: _ = try field.readText { $0.count }
        case .guid, .lookup: _ = try field.readGuidText { $0.count }
        case .date: _ = try field.readDateText { $0.count }
        case .boolean: _ = try field.readBool()
        case .double: _ = try field.readDouble()
        case .decimal, .money: _ = try field.readDecimalText { $0.count }
        case .dateTimeOffset: _ = try field.readDate()
        case .byte, .int32, .int64, .optionSet: _ = try field.readInteger(property.type)
        default: _ = try field.readValue(as: property)
        }
        return true
    }

    mutating func annotation(_ term: ODataRecordAnnotation, of attribute: String, from field: inout ODataField) throws {
        if try !field.readNull() { _ = try field.readText { $0.count } }
    }

    mutating func endRecord() throws -> Bool { true }
    mutating func entity(_ entity: Entity) throws {}
}
