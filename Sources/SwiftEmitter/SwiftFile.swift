/// One generated Swift source file.
public struct SwiftFile: Equatable, Sendable {
    /// `//` comment lines at the top.
    public var header: [String]
    /// Module names, each written as `import Module` after the header.
    public var imports: [String]
    /// The top-level declarations after the imports, with a blank line before each.
    public var declarations: [Declaration]

    /// Creates a file from its header comment lines, imports and declarations.
    public init(header: [String], imports: [String], declarations: [Declaration]) {
        self.header = header
        self.imports = imports
        self.declarations = declarations
    }
}
