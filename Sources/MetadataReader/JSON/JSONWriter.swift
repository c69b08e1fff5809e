import JSONSyntax

/// Writes a `JSONValue` back as text: members in their order, numbers as they were written, two-space indentation.
/// The same tree always gives the same bytes.
enum JSONWriter {
    static func write(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// `value` as `write` writes it where it starts `indent` spaces in (an item of a document's top-level array is
    /// 4 in), without a newline after it.
    static func write(_ value: JSONValue, indent: Int) -> [UInt8] {
        var output: [UInt8] = []
        write(value, indent: indent, into: &output)
        return output
    }

    /// The bytes `write` gives for the object `{key: [item…]}`, with each item already written by
    /// `write(_:indent: 4)`.
    static func writeObject(key: String, writtenItems items: [[UInt8]]) -> [UInt8] {
        var output = Array("{\n  ".utf8)
        JSONString.appendLiteral(key, to: &output)
        output.append(contentsOf: Array(": ".utf8))
        if items.isEmpty {
            output.append(contentsOf: Array("[]".utf8))
        } else {
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                output.append(contentsOf: Array((index == 0 ? "\n    " : ",\n    ").utf8))
                output.append(contentsOf: item)
            }
            output.append(contentsOf: Array("\n  ]".utf8))
        }
        output.append(contentsOf: Array("\n}\n".utf8))
        return output
    }

    private static func write(_ value: JSONValue, indent: Int, into output: inout [UInt8]) {
        switch value.kind {
        case .object(let members):
            guard !members.isEmpty else { return output.append(contentsOf: Array("{}".utf8)) }
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                output.append(contentsOf: Array((index == 0 ? "\n" : ",\n").utf8))
                output.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent + 2))
                JSONString.appendLiteral(member.key, to: &output)
                output.append(contentsOf: Array(": ".utf8))
                write(member.value, indent: indent + 2, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            guard !items.isEmpty else { return output.append(contentsOf: Array("[]".utf8)) }
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                output.append(contentsOf: Array((index == 0 ? "\n" : ",\n").utf8))
                output.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent + 2))
                write(item, indent: indent + 2, into: &output)
            }
            newline(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .string(let text): JSONString.appendLiteral(text, to: &output)
        case .number(let text): output.append(contentsOf: Array(text.utf8))
        case .bool(let flag): output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .null: output.append(contentsOf: Array("null".utf8))
        }
    }

    private static func newline(_ indent: Int, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: indent))
    }
}
