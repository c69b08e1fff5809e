import Foundation

/// Where a created entity lives.
public struct EntityLocation: Sendable, Equatable {
    /// The entity's URL (`OData-EntityId`, `Location`, or the entity's own link).
    public var url: String
    /// The GUID in the URL's key, when its key is one (every Dynamics entity).
    public var id: UUID?

    /// Creates a location from the entity's URL and the GUID in its key (nil when the key is not a GUID).
    public init(url: String, id: UUID?) {
        self.url = url
        self.id = id
    }
}
