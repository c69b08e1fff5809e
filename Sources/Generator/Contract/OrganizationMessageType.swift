import MetadataModel
import SwiftEmitter

/// How a type of the organization messages' description is written in Swift, sent as a parameter and read as a
/// result, in MobileSdkOrganizationService: Edm primitives, and the library's own types declared in the
/// description's namespace (`Entity`, `EntityReference`, `OptionSetValue`…).
struct OrganizationMessageType: Equatable {
    /// The Swift type, as the library names it.
    var swiftType: TypeName
    /// The `OrganizationValue` cases that wrap a value to send it, outermost first (`attribute`, `guid`); empty
    /// when the value is an `OrganizationValue` already; nil when it cannot be sent.
    var sent: [String]?
    /// The `OrganizationResponse` method that reads a result of the type; nil when it cannot be read.
    var reader: String?

    /// `value` wrapped as `sent` says: `.attribute(.guid(value))`.
    func sending(_ value: Expression) -> Expression? {
        sent.map { cases in
            cases.reversed().reduce(value) { inner, name in .call(.member(nil, name), [Argument(inner)]) }
        }
    }

    /// The type `reference` names, in the description whose namespace is `namespace`; nil for one it lacks.
    static func resolve(_ reference: TypeReference, namespace: String) -> OrganizationMessageType? {
        if reference.name.namespace == "Edm" {
            guard let primitive = primitives[reference.name.name] else { return nil }
            guard reference.isCollection else {
                return OrganizationMessageType(
                    swiftType: .named(primitive.swift),
                    sent: ["attribute", primitive.attribute],
                    reader: "value"
                )
            }
            guard let collection = primitive.collection else { return nil }
            return OrganizationMessageType(swiftType: .array(.named(primitive.swift)), sent: [collection], reader: nil)
        }
        guard reference.name.namespace == namespace else { return nil }
        let table = reference.isCollection ? libraryCollections : libraryTypes
        return table[reference.name.name]
    }

    /// Edm primitives: the Swift type, the `AttributeValue` case, and the `OrganizationValue` case of an array.
    private static let primitives: [String: (swift: String, attribute: String, collection: String?)] = [
        "Guid": ("UUID", "guid", "guids"), "String": ("String", "string", "strings"),
        "Boolean": ("Bool", "boolean", nil), "Int32": ("Int32", "int32", nil), "Int64": ("Int64", "int64", nil),
        "Double": ("Double", "double", nil), "Decimal": ("Decimal", "decimal", nil),
        "DateTimeOffset": ("Date", "dateTimeOffset", nil),
    ]

    /// The library's types by their names in the description.
    private static let libraryTypes: [String: OrganizationMessageType] = [
        "Entity": .init(swiftType: .named("Entity"), sent: ["entity"], reader: "entity"),
        "EntityReference": .init(
            swiftType: .named("EntityReference"),
            sent: ["attribute", "entityReference"],
            reader: "value"
        ),
        "EntityCollection": .init(
            swiftType: .named("EntityCollection"),
            sent: ["entityCollection"],
            reader: "entityCollection"
        ),
        "OptionSetValue": .init(
            swiftType: .named("OptionSetValue"),
            sent: ["attribute", "optionSetValue"],
            reader: "value"
        ), "Money": .init(swiftType: .named("Money"), sent: ["attribute", "money"], reader: "value"),
        "ColumnSet": .init(swiftType: .named("ColumnSet"), sent: ["columnSet"], reader: nil),
        "QueryBase": .init(swiftType: .named("OrganizationValue"), sent: [], reader: nil),
        "QueryExpression": .init(swiftType: .named("QueryExpression"), sent: ["queryExpression"], reader: nil),
        "ValidationResult": .init(swiftType: .named("ValidationResult"), sent: nil, reader: "validationResult"),
    ]

    /// Collections of the library's types by their element's name in the description.
    private static let libraryCollections: [String: OrganizationMessageType] = [
        "EntityReference": .init(
            swiftType: .array(.named("EntityReference")),
            sent: ["entityReferenceArray"],
            reader: "entityReferences"
        ), "RolePrivilege": .init(swiftType: .array(.named("RolePrivilege")), sent: ["rolePrivileges"], reader: nil),
    ]
}
