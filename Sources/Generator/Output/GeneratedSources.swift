import MetadataModel

/// The generated sources: file name → contents, for every file of an `OutputLayout`.
public struct GeneratedSources: Sendable {
    /// Each file's name and text, in layout order: the registry's file first.
    public var files: [(name: String, contents: String)]
    /// The translation's notes and warnings, such as renamed types and members not generated.
    public var diagnostics: [Diagnostic]
    /// Counts for the summary.
    public var entityClasses: Int
    /// How many complex types were generated.
    public var complexTypes: Int
    /// How many enum types were generated.
    public var enumTypes: Int
    /// How many Dynamics option sets were generated as types.
    public var optionSets: Int
    /// How many operation request types were generated.
    public var operations: Int
}
