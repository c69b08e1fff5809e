import Foundation
import MobileSdk

/// A value an organization-service message carries: a request's parameter, a response's result, an entity's
/// attribute. Attribute values (text, numbers, references, option sets, money) are `AttributeValue`s; the
/// rest are the data contracts the messages add.
public enum OrganizationValue {
    /// A primitive, an `EntityReference`, an `OptionSetValue`, `Money`, or null.
    case attribute(AttributeValue)
    /// An `Entity`: a record to create or update, or one a message returns (as its generated class when registered).
    case entity(Entity)
    /// An `EntityCollection`: records, with paging.
    case entityCollection(EntityCollection)
    /// An `EntityReferenceCollection`.
    case entityReferences([EntityReference])
    /// An array of entity references (`ArrayOfEntityReference`), as `RemoveRelated` and `SetRelated` take.
    case entityReferenceArray([EntityReference])
    /// A `ColumnSet`.
    case columnSet(ColumnSet)
    /// A `FetchExpression`: a FetchXML query.
    case fetchExpression(String)
    /// A `QueryExpression`.
    case queryExpression(QueryExpression)
    /// A `Relationship`: a relationship's schema name, and the entity's role in a self-referential one.
    case relationship(Relationship)
    /// A security role's privileges (`ArrayOfRolePrivilege`), as `ReplacePrivilegesRole` takes.
    case rolePrivileges([RolePrivilege])
    /// What scheduling an appointment or service activity found (`ValidationResult`), as `Book` and `Reschedule`
    /// answer.
    case validationResult(ValidationResult)
    /// An array of strings (`ArrayOfstring`).
    case strings([String])
    /// An array of GUIDs (`ArrayOfguid`).
    case guids([UUID])
    /// A value of a type this library does not read, kept as its type and text (a warning says so).
    case unread(type: String, text: String)
}

/// The role of the entity in a self-referential relationship (`EntityRole`).
public enum EntityRole: String, Sendable, Hashable {
    case referencing = "Referencing"
    case referenced = "Referenced"
}

/// A privilege of a security role, at a depth (`RolePrivilege`).
public struct RolePrivilege: Sendable, Hashable {
    /// How far a privilege reaches (`PrivilegeDepth`).
    public enum Depth: String, Sendable, Hashable {
        case basic = "Basic"
        case local = "Local"
        case deep = "Deep"
        case global = "Global"
    }

    /// The privilege.
    public var privilegeId: UUID
    /// How far it reaches.
    public var depth: Depth
    /// The business unit.
    public var businessUnitId: UUID

    /// The privilege `privilegeId` at `depth` in the business unit `businessUnitId`.
    public init(privilegeId: UUID, depth: Depth, businessUnitId: UUID) {
        self.privilegeId = privilegeId
        self.depth = depth
        self.businessUnitId = businessUnitId
    }
}

/// Whether an appointment or service activity could be scheduled (`ValidationResult`), and why not.
public struct ValidationResult: Sendable, Hashable {
    /// The activity scheduled.
    public var activityId: UUID?
    /// Whether it could be scheduled as asked.
    public var validationSuccess: Bool
    /// The codes of what stood in the way (`TraceInfo`'s `ErrorInfoList`), such as `ErrorConflictingResource`.
    public var errorCodes: [String]

    /// A result from its parts.
    public init(activityId: UUID?, validationSuccess: Bool, errorCodes: [String] = []) {
        self.activityId = activityId
        self.validationSuccess = validationSuccess
        self.errorCodes = errorCodes
    }
}

/// A relationship, by schema name (`Relationship`).
public struct Relationship: Sendable, Hashable {
    /// The relationship's schema name, such as `contact_customer_accounts`.
    public var schemaName: String
    /// The entity's role, for a relationship of an entity with itself.
    public var primaryEntityRole: EntityRole?

    /// A relationship by schema name.
    public init(_ schemaName: String, primaryEntityRole: EntityRole? = nil) {
        self.schemaName = schemaName
        self.primaryEntityRole = primaryEntityRole
    }
}
