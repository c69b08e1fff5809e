/// A Dynamics option set: the choices of a picklist, state, status, multi-select or Boolean attribute.
public struct DynamicsOptionSet: Hashable, Sendable, Codable {
    /// `OptionSetType`: Picklist, State, Status, Boolean…
    public var kind: String
    public var name: String?
    /// Global option sets are shared between attributes and entities; local ones belong to one attribute.
    public var isGlobal = false
    public var displayName = Label()
    public var description = Label()
    public var options: [DynamicsOption] = []
    public var location: SourceLocation

    public init(kind: String, name: String?, location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.location = location
    }
}

/// One choice of an option set.
public struct DynamicsOption: Hashable, Sendable, Codable {
    public var value: Int
    public var label = Label()
    public var description = Label()
    public var color: String?
    public var externalValue: String?
    /// Status options: the state value they belong to.
    public var state: Int?
    /// State options: their default status, and their invariant name.
    public var defaultStatus: Int?
    public var invariantName: String?
    public var location: SourceLocation

    public init(value: Int, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
