/// A Dynamics option set: the choices of a picklist, state, status, multi-select or Boolean attribute.
public struct DynamicsOptionSet: Hashable, Sendable, Codable {
    /// `OptionSetType`: Picklist, State, Status, Boolean…
    public var kind: String
    /// `Name`, which global option sets are collected by; nil when absent.
    public var name: String?
    /// Global option sets are shared between attributes and entities; local ones belong to one attribute.
    public var isGlobal = false
    /// `DisplayName`, in each language.
    public var displayName = Label()
    /// `Description`, in each language.
    public var description = Label()
    /// The choices: `Options`, or `FalseOption` then `TrueOption` for a Boolean option set.
    public var options: [DynamicsOption] = []
    /// Where the option set's metadata was read.
    public var location: SourceLocation

    /// Creates an option set of `kind` (`OptionSetType`) with its name and source location, and no options.
    public init(kind: String, name: String?, location: SourceLocation) {
        self.kind = kind
        self.name = name
        self.location = location
    }
}

/// One choice of an option set.
public struct DynamicsOption: Hashable, Sendable, Codable {
    /// `Value`: the integer stored for this choice.
    public var value: Int
    /// `Label`: the choice's text in each language.
    public var label = Label()
    /// `Description`, in each language.
    public var description = Label()
    /// `Color`, e.g. `#0000ff`; nil when absent.
    public var color: String?
    /// `ExternalValue`: the value an external data source uses for this choice; nil when absent.
    public var externalValue: String?
    /// Status options: the state value they belong to.
    public var state: Int?
    /// State options: their default status, and their invariant name.
    public var defaultStatus: Int?
    /// State options: `InvariantName`, the state's language-independent name (e.g. `Active`).
    public var invariantName: String?
    /// Where the option's metadata was read.
    public var location: SourceLocation

    /// Creates an option with its integer value and source location.
    public init(value: Int, location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
