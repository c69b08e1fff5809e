import MetadataModel
import SwiftEmitter

/// The model translated to Swift declarations, before they are laid out in files: the stage between reading and
/// rendering, and what snippet tests look into.
public struct TranslatedModel: Sendable {
    /// Every generated type by its Swift name, in generation order.
    public var types: [(name: String, declaration: Declaration)] = []
    /// The enum registering the entity classes.
    public var registry: (name: String, declaration: Declaration)
    /// The translation's notes and warnings, such as renamed types and members not generated.
    public var diagnostics: [Diagnostic]
    /// What each of the configuration's renames matched, as `(section.key, what)`, in the order matched.
    public var renames: [(id: String, what: String)] = []
    /// Counts for the summary.
    public var entityClasses = 0, complexTypes = 0, enumTypes = 0, optionSets = 0, operations = 0
}
