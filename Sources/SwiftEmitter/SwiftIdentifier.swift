/// Swift's reserved words and the rules for writing a name as an identifier.
public enum SwiftIdentifier {
    /// Words that need backticks to be used as a declared name.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "as", "Any", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Words that need backticks even after a dot (`x.self` means something else).
    public static let memberKeywords: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_"]

    /// The name as a declared identifier: in backticks when it is a keyword.
    public static func declared(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// The name after a dot.
    /// `init` stays bare: `.init(…)` and `Type.init` name the initializer.
    public static func member(_ name: String) -> String {
        name != "init" && memberKeywords.contains(name) ? "`\(name)`" : name
    }

    /// Words that need backticks as argument labels: any other keyword may label an argument as it is.
    static let labelKeywords: Set<String> = ["inout", "_"]

    /// The name as an argument label, in a call or before a parameter's name.
    public static func label(_ name: String) -> String { labelKeywords.contains(name) ? "`\(name)`" : name }

    /// Whether `scalar` may start an identifier (the Swift grammar's identifier-head).
    public static func isHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F { return true }
        return headRanges.contains { $0.contains(value) }
    }

    /// Whether `scalar` may continue an identifier (identifier-character).
    public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x30...0x39).contains(value) { return true }
        if [0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F].contains(where: { $0.contains(value) })
        {
            return true
        }
        return isHead(scalar)
    }

    private static let headRanges: [ClosedRange<UInt32>] = [
        0x00A8...0x00A8, 0x00AA...0x00AA, 0x00AD...0x00AD, 0x00AF...0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA,
        0x00BC...0x00BE, 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x02FF, 0x0370...0x167F,
        0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040,
        0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793,
        0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD,
        0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD,
        0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD,
        0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]
}
