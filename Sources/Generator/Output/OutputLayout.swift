/// How the generated types are laid out in files.
public enum OutputLayout: Sendable, Equatable {
    /// A file for each type, named after it (`Account.swift`), and one for the registry (named after it, as
    /// configured): only files that hold something, and a reader finds a type's file by its name. A model of more
    /// than 250 types gets a file per initial of its types' names instead (`Types-A.swift`, `Types-AC.swift`; see
    /// `TypeFileLayout`). What the command line and the command plugin write.
    case typeFiles
    /// The registry's file and this many shards (1 to `ShardLayout.maximumCount`), named by `ShardLayout` whatever the
    /// metadata, so that the build plugin can declare them before the generator runs.
    case shards(Int)
}
