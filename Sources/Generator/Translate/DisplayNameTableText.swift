/// The text of a generated `displayNameTable`, in the format `DisplayNameTable.init(text:)` of the runtime reads: the
/// format's version, the languages, the table's singular and plural names, then a line per column, its names separated
/// by `|`. Names are percent-encoded where the format or a Swift string literal gives a character a meaning of its own,
/// so that every name reads back exactly and the literal holds no escape sequence; lines longer than `width`
/// characters go on continuation lines.
struct DisplayNameTableText {
    var languages: [String]
    var entity: [String?]
    var collection: [String?]
    /// Each column's storage name and names.
    var columns: [(name: String, names: [String?])]

    /// The content of a table line, not counting the literal's indentation: 100, as for property tables, keeps a line
    /// of a class's getter within 120 columns.
    static let width = 100

    /// The table's lines, continuation lines indented.
    var lines: [String] {
        let line = Self.line
        var lines = [
            "\(RuntimeContract.propertyTableVersionKeyword) \(RuntimeContract.displayNameTableVersion)",
            line(RuntimeContract.DisplayNameTableLine.languages.rawValue, languages),
        ]
        if entity.contains(where: { $0 != nil }) {
            lines.append(line(RuntimeContract.DisplayNameTableLine.entity.rawValue, entity))
        }
        if collection.contains(where: { $0 != nil }) {
            lines.append(line(RuntimeContract.DisplayNameTableLine.collection.rawValue, collection))
        }
        lines += columns.map { line(Self.field($0.name, storageName: true) + ":", $0.names) }
        return lines.flatMap { Self.wrapped($0, width: Self.width) }
    }

    /// A table line: `head`, then the names as fields separated by `|`, those missing at the end left out (the
    /// runtime reads them as missing).
    static func line(_ head: String, _ names: [String?]) -> String {
        let kept = names.reversed().drop { $0 == nil }.reversed()
        let text = kept.map { $0.map { field($0) } ?? "" }
            .joined(separator: String(RuntimeContract.displayNameSeparator))
        return text.isEmpty ? head : head + " " + text
    }

    /// A name as the table writes it: percent-encoded at `%`, the separator, a quote, a backslash, a control
    /// character (C0, C1, line and paragraph separators, bidirectional controls, the byte-order mark) and leading or
    /// trailing white space; a storage name also at any white space and `:`. `%` alone is the empty name.
    static func field(_ name: String, storageName: Bool = false) -> String {
        guard !name.isEmpty else { return "%" }
        return isOwnField(name, storageName: storageName) ? name : escapedField(name, storageName: storageName)
    }

    /// `field(_:storageName:)` a character at a time.
    static func escapedField(_ name: String, storageName: Bool) -> String {
        let scalars = Array(name.unicodeScalars)
        let first = scalars.firstIndex { !isWhitespace($0) } ?? scalars.count
        let last = scalars.lastIndex { !isWhitespace($0) } ?? -1
        var field = ""
        for (offset, scalar) in scalars.enumerated() {
            let special =
                reserved.contains(scalar) || isControl(scalar) || offset < first || offset > last
                || (storageName && (scalar == ":" || isWhitespace(scalar)))
            if special {
                for byte in String(scalar).utf8 {
                    field += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        return field
    }

    /// Whether `name` (not empty) is printable ASCII that needs no escape: none of `reserved`, no space at either end, and
    /// in a storage name no space or `:` at all. Answered by bytes: most names are such.
    static func isOwnField(_ name: String, storageName: Bool) -> Bool {
        let bytes = name.utf8
        guard bytes.first != UInt8(ascii: " "), bytes.last != UInt8(ascii: " ") else { return false }
        return !bytes.contains { byte in
            byte < 0x20 || byte >= 0x7F || isReservedByte[Int(byte)]
                || (storageName && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: " ")))
        }
    }

    /// Whether a byte is one of `reserved`, which are ASCII.
    private static let isReservedByte = (0..<256).map { reserved.contains(Unicode.Scalar(UInt8($0))) }

    /// Unicode's white space, answered without a property lookup for ASCII.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// `%`, the separator, and what a Swift string literal escapes.
    private static let reserved = Set("%\"\\".unicodeScalars)
        .union(String(RuntimeContract.displayNameSeparator).unicodeScalars)

    /// Characters a string literal escapes or that change how the text around them shows.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `line` in parts of at most `width` characters where it can be broken: before a separator that fits, else
    /// between two characters that fit, neither a space (continuation lines drop leading spaces, and trailing ones
    /// do not survive editors) nor inside a `%XX` escape. Continuation lines start with four spaces.
    static func wrapped(_ line: String, width: Int) -> [String] {
        // No more bytes than `width`: no more characters either.
        if line.utf8.count <= width { return [line] }
        var rest = Array(line)
        var lines: [String] = []
        var indentation = ""
        while indentation.count + rest.count > width, let cut = breakPoint(rest, room: width - indentation.count) {
            lines.append(indentation + String(rest[..<cut]))
            rest = Array(rest[cut...])
            indentation = "    "
        }
        lines.append(indentation + String(rest))
        return lines
    }

    /// Where to break `characters` so that at most `room` come before the break; nil when nowhere.
    private static func breakPoint(_ characters: [Character], room: Int) -> Int? {
        func isSpace(_ character: Character) -> Bool { character.unicodeScalars.first?.properties.isWhitespace == true }
        func allowed(_ index: Int) -> Bool {
            !isSpace(characters[index]) && !isSpace(characters[index - 1]) && characters[index - 1] != "%"
                && !(index >= 2 && characters[index - 2] == "%")
        }
        let fitting = (1..<characters.count).prefix { $0 <= room }
        if let separator = fitting.last(where: { characters[$0] == RuntimeContract.displayNameSeparator }),
            !isSpace(characters[separator - 1])
        {
            return separator
        }
        return fitting.last(where: allowed) ?? (1..<characters.count).first { $0 > room && allowed($0) }
    }
}
