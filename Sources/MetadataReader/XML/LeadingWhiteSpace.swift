/// White space before the `<?xml …?>` declaration, which some frameworks write and XML forbids.
///
/// The repair moves the declaration to the start (after any byte-order mark) and puts white
/// space where it stood, so that everything after it keeps its line and column.
enum LeadingWhiteSpace {
    static let warning = "white space before the XML declaration was skipped"

    /// The document's first bytes repaired, or nil when they need no repair (or the declaration
    /// does not end within them).
    static func repaired(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        var declarationStart = start
        while declarationStart < bytes.count, bytes[declarationStart].isXMLSpace { declarationStart += 1 }
        let opening = Array("<?xml".utf8)
        guard declarationStart > start, bytes.count > declarationStart + opening.count,
            bytes[declarationStart..<(declarationStart + opening.count)].elementsEqual(opening),
            bytes[declarationStart + opening.count].isXMLSpace,
            let declarationEnd = end(ofDeclarationFrom: declarationStart, in: bytes)
        else { return nil }
        let space = bytes[start..<declarationStart]
        let declaration = bytes[declarationStart..<declarationEnd]
        // The skipped white space up to its last line break keeps the line numbers right.
        let lastBreak = space.lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        let lines = lastBreak.map { Array(bytes[start...$0]) } ?? []
        let original = column(after: declaration, from: column(after: space, from: 1))
        let moved = column(after: lines, from: column(after: declaration, from: 1))
        return Array(bytes[..<start]) + Array(declaration) + lines
            + [UInt8](repeating: UInt8(ascii: " "), count: max(original - moved, 0)) + Array(bytes[declarationEnd...])
    }

    /// The offset just past the `?>` ending the declaration that starts at `start`.
    private static func end(ofDeclarationFrom start: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        var offset = start
        while offset + 1 < bytes.count {
            if bytes[offset] == UInt8(ascii: "?") && bytes[offset + 1] == UInt8(ascii: ">") { return offset + 2 }
            offset += 1
        }
        return nil
    }

    /// The 1-based column after `bytes`, starting at `column`; a line break starts a new line.
    private static func column(after bytes: some Sequence<UInt8>, from column: Int) -> Int {
        bytes.reduce(column) { column, byte in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") ? 1 : column + 1
        }
    }
}
