import MobileSdk

/// A change an upload asks the service to make: one queued request of the store, as an entity standing for the
/// record (its key, its ETag as the `If-Match` precondition — none meaning any version — and, for a create or an
/// update, the attributes it changes).
public struct ServiceChange {
    /// What the change does.
    public enum Action {
        /// Creates the record with the entity's attributes.
        case create
        /// Sets the entity's changed attributes (`changedAttributeNames`) on the record.
        case update
        /// Deletes the record.
        case delete
        /// Adds a link from the record through `navigationProperty` to `target` (an entity holding the target's key)
        /// in `targetEntitySet`.
        case associate(navigationProperty: String, target: Entity, targetEntitySet: String?)
        /// Removes that link.
        case disassociate(navigationProperty: String, target: Entity, targetEntitySet: String?)
    }

    /// What the change does.
    public var action: Action
    /// The entity standing for the record.
    public var entity: Entity
    /// The entity set the record is in.
    public var entitySet: String
    /// Header fields to send besides the service's own, such as the repeatability headers that make a change sent
    /// twice count once; each time the change is sent again after a crash, they are the same.
    public var headers: [(name: String, value: String)]

    /// A change `action` of `entity` in `entitySet`, sent with `headers`.
    public init(
        _ action: Action,
        of entity: Entity,
        in entitySet: String,
        headers: [(name: String, value: String)] = []
    ) {
        self.action = action
        self.entity = entity
        self.entitySet = entitySet
        self.headers = headers
    }

    /// The value of a header field of ``headers``, names compared without case.
    public subscript(header name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
