import MetadataModel

/// The generated sources: file name → contents, for every file of an `OutputLayout`.
public struct GeneratedSources: Sendable {
    public var files: [(name: String, contents: String)]
    public var diagnostics: [Diagnostic]
    /// Counts for the summary.
    public var entityClasses: Int
    public var complexTypes: Int
    public var enumTypes: Int
    public var optionSets: Int
    public var operations: Int
}
