/// One generated Swift source file.
public struct SwiftFile: Equatable, Sendable {
    /// `//` comment lines at the top.
    public var header: [String]
    /// The modules imported after the header, each on a line of its own.
    public var imports: [ImportDeclaration]
    /// The top-level declarations after the imports, with a blank line before each.
    public var declarations: [Declaration]

    /// Creates a file from its header comment lines, imports and declarations.
    public init(header: [String], imports: [ImportDeclaration], declarations: [Declaration]) {
        self.header = header
        self.imports = imports
        self.declarations = declarations
    }
}

/// An `import` line: a module, and the SPI group whose declarations it also makes visible
/// (`@_spi(Generated) import MobileSdk`).
public struct ImportDeclaration: Equatable, Sendable, ExpressibleByStringLiteral {
    /// The module's name.
    public var module: String
    /// The SPI group named in `@_spi(…)`; nil for a plain import.
    public var spi: String?

    /// An import of `module`, with the declarations of the SPI group `spi` when given.
    public init(_ module: String, spi: String? = nil) {
        self.module = module
        self.spi = spi
    }

    /// A plain import of the module named by the literal.
    public init(stringLiteral module: String) { self.init(module) }

    /// The line as written: `import Foundation`, `@_spi(Generated) import MobileSdk`.
    public var text: String { (spi.map { "@_spi(\($0)) " } ?? "") + "import " + module }
}
