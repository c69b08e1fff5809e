import Foundation
import MobileSdk

/// `Create`: a new record; its response is the record's id.
public struct CreateRequest: OrganizationMessage {
    /// The record to create.
    public var target: Entity

    /// Creates `target`.
    public init(_ target: Entity) { self.target = target }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(name: "Create", parameters: ["Target": .entity(target)])
    }

    /// The new record's id.
    public static func response(from response: OrganizationResponse) throws -> UUID { try response.value("id") }
}

/// `Retrieve`: one record's columns, as its generated class.
public struct RetrieveRequest<Record: Entity>: OrganizationMessage {
    /// The record.
    public var target: EntityReference
    /// The columns to read.
    public var columnSet: ColumnSet

    /// Reads `columnSet` of the record `id` of `type`.
    public init(_ type: Record.Type, id: UUID, columnSet: ColumnSet = .all) {
        target = EntityReference(type, id: id)
        self.columnSet = columnSet
    }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(
            name: "Retrieve",
            parameters: ["Target": .attribute(.entityReference(target)), "ColumnSet": .columnSet(columnSet)]
        )
    }

    /// The record, as `Record`.
    public static func response(from response: OrganizationResponse) throws -> Record {
        try response.entity("Entity", as: Record.self)
    }
}

/// `RetrieveMultiple`: the records of a FetchXML query or a `QueryExpression`, one page, with its paging cookie.
public struct RetrieveMultipleRequest: OrganizationMessage {
    /// The query: FetchXML or a query expression.
    public var query: OrganizationValue

    /// Runs a FetchXML query (`FetchExpression`).
    public init(fetchXml: String) { query = .fetchExpression(fetchXml) }

    /// Runs a query expression.
    public init(_ query: QueryExpression) { self.query = .queryExpression(query) }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(name: "RetrieveMultiple", parameters: ["Query": query])
    }

    /// The page of records, as the classes registered for them, with `moreRecords` and `pagingCookie`.
    public static func response(from response: OrganizationResponse) throws -> EntityCollection {
        try response.entityCollection("EntityCollection")
    }
}

/// `Update`: the record's changed attributes.
public struct UpdateRequest: OrganizationMessage {
    /// The record, with the attributes to change.
    public var target: Entity

    /// Updates `target`.
    public init(_ target: Entity) { self.target = target }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(name: "Update", parameters: ["Target": .entity(target)])
    }
}

/// `Delete`: a record.
public struct DeleteRequest: OrganizationMessage {
    /// The record.
    public var target: EntityReference

    /// Deletes the record `target`.
    public init(_ target: EntityReference) { self.target = target }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(name: "Delete", parameters: ["Target": .attribute(.entityReference(target))])
    }
}

/// `SetState`: a record's state and status reason, such as deactivating an account.
public struct SetStateRequest: OrganizationMessage {
    /// The record.
    public var entityMoniker: EntityReference
    /// The state (`statecode`).
    public var state: OptionSetValue
    /// The status reason (`statuscode`); -1 for the state's default.
    public var status: OptionSetValue

    /// Sets the state of `entityMoniker`; a status of -1 takes the state's default.
    public init(_ entityMoniker: EntityReference, state: Int32, status: Int32 = -1) {
        self.entityMoniker = entityMoniker
        self.state = OptionSetValue(state)
        self.status = OptionSetValue(status)
    }

    /// Sets the state by the generated enum of the entity's state option set, `state: AccountStateCode.inactive`; a
    /// status of -1 takes the state's default.
    public init<State: OptionSetEnumeration>(_ entityMoniker: EntityReference, state: State, status: Int32 = -1) {
        self.init(entityMoniker, state: state.rawValue, status: status)
    }

    /// Sets the state and status reason by the generated enums of the entity's option sets.
    public init<State: OptionSetEnumeration, Status: OptionSetEnumeration>(
        _ entityMoniker: EntityReference,
        state: State,
        status: Status
    ) { self.init(entityMoniker, state: state.rawValue, status: status.rawValue) }

    /// What the message sends.
    public var request: OrganizationRequest {
        OrganizationRequest(
            name: "SetState",
            parameters: [
                "EntityMoniker": .attribute(.entityReference(entityMoniker)),
                "State": .attribute(.optionSetValue(state)), "Status": .attribute(.optionSetValue(status)),
            ]
        )
    }
}
