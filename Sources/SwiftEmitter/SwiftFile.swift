/// One generated Swift source file.
public struct SwiftFile: Equatable, Sendable {
    /// `//` comment lines at the top.
    public var header: [String]
    public var imports: [String]
    public var declarations: [Declaration]

    public init(header: [String], imports: [String], declarations: [Declaration]) {
        self.header = header
        self.imports = imports
        self.declarations = declarations
    }
}
