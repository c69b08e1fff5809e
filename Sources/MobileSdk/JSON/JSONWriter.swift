import Foundation
import JSONSyntax

/// Writes JSON text into a byte buffer; the caller orders members, so output is deterministic. Package access: the
/// testing kit's page builder writes its members with it.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []
    /// Whether the current object or array already has a member (a comma goes before the next).
    private var hasMember: [Bool] = []

    package init() {}

    var data: Data { Data(bytes) }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
    }

    mutating func endObject() {
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
    }

    mutating func endArray() {
        hasMember.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// A member's key; its value follows.
    mutating func key(_ name: String) {
        separate()
        JSONString.appendLiteral(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        pendingValue = true
    }

    /// Set after a key: the value needs no comma.
    private var pendingValue = false

    package mutating func string(_ text: String) {
        separate()
        JSONString.appendLiteral(text, to: &bytes)
    }

    /// A number or literal written as is (`12.5`, `true`, `null`).
    mutating func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    mutating func null() { raw("null") }

    private mutating func separate() {
        if pendingValue {
            pendingValue = false
            return
        }
        guard let last = hasMember.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
    }
}

extension JSONWriter {
    /// A value of the JSON data model; object members in name order.
    mutating func untyped(_ value: UntypedValue) {
        switch value {
        case .null: null()
        case .bool(let flag): raw(flag ? "true" : "false")
        // JSON has no NaN: null is the nearest value (and keeps the output JSON).
        case .number(let number): number.isNaN ? null() : raw(number.description)
        case .string(let text): string(text)
        case .array(let elements):
            beginArray()
            for element in elements { untyped(element) }
            endArray()
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                untyped(members[name] ?? .null)
            }
            endObject()
        }
    }
}
