import Foundation

/// `application/x-www-form-urlencoded`, as OAuth 2.0 requests and HTTP Basic client credentials use it
/// (RFC 6749 appendix B and §2.3.1).
enum FormEncoding {
    /// `name=value&…`, both escaped.
    static func body(_ fields: [(name: String, value: String)]) -> Data {
        Data(fields.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&").utf8)
    }

    /// Letters, digits and `*-._` as they are, a space as `+`, every other UTF-8 byte as `%XX`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                escaped.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: " "):
                escaped.append("+")
            default:
                escaped += String(format: "%%%02X", byte)
            }
        }
        return escaped
    }
}
