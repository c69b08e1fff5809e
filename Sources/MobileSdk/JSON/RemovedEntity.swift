/// A record a delta result reports as removed from the result.
public struct RemovedEntity: Sendable, Hashable {
    /// Why the record left the result.
    public enum Reason: String, Sendable, Hashable {
        /// The record was deleted.
        case deleted
        /// The record changed so that the query no longer matches it.
        case changed
    }

    /// The record's id as the payload gives it: its URL (`…/People('a')`), or a bare GUID (Dataverse).
    public var id: String
    /// Why it left; `deleted` when the payload does not say.
    public var reason: Reason

    /// Creates the removal of the record `id`.
    public init(id: String, reason: Reason) {
        self.id = id
        self.reason = reason
    }
}

/// An entry of a delta payload that is no entity: a removal, or an added or deleted link.
enum DeltaEntry {
    case removed(RemovedEntity)
    case link

    /// What the object at `reader` is, looking without moving the caller's reader; nil for an entity.
    static func read(_ reader: JSONReader) throws -> DeltaEntry? {
        var probe = reader
        guard try probe.peek() == .object else { return nil }
        try probe.beginObject()
        var removed = false
        var reason: String?
        var annotatedId: String?
        var plainId: String?
        while let key = try probe.nextKey() {
            switch key {
            case "@removed", "@odata.removed":
                removed = true
                guard try probe.peek() == .object else {
                    try probe.skipValue()
                    continue
                }
                try probe.beginObject()
                while let member = try probe.nextKey() {
                    if member == "reason", try probe.peek() == .string {
                        reason = try probe.readString()
                    } else {
                        try probe.skipValue()
                    }
                }
            case "@odata.context", "@context":
                guard try probe.peek() == .string else {
                    try probe.skipValue()
                    continue
                }
                let context = try probe.readString()
                if context.hasSuffix("$deletedEntity") { removed = true }
                if context.hasSuffix("$link") || context.hasSuffix("$deletedLink") { return .link }
            case "@id", "@odata.id": annotatedId = try probe.peek() == .string ? try probe.readString() : nil
            case "id": plainId = try probe.peek() == .string ? try probe.readString() : nil
            case "reason": reason = try probe.peek() == .string ? try probe.readString() : nil
            default:
                // A property of an entity: removed entries hold only the members above.
                guard key.hasPrefix("@") else { return nil }
                try probe.skipValue()
            }
        }
        guard removed else { return nil }
        guard let id = annotatedId ?? plainId else {
            throw probe.error("a removed entity of the delta result has no id")
        }
        return .removed(RemovedEntity(id: id, reason: reason.flatMap(RemovedEntity.Reason.init(rawValue:)) ?? .deleted))
    }
}
