import Foundation

/// `application/x-www-form-urlencoded`, as OAuth 2.0 requests, their redirects' queries and HTTP Basic client
/// credentials use it (RFC 6749 appendix B and §2.3.1): the one encoding of the client and the command-line tool.
package enum FormEncoding {
    /// `name=value&…`, both escaped.
    package static func encode(_ fields: [(name: String, value: String)]) -> String {
        fields.map { escape($0.name) + "=" + escape($0.value) }.joined(separator: "&")
    }

    /// ``encode(_:)`` as a request body.
    package static func body(_ fields: [(name: String, value: String)]) -> Data { Data(encode(fields).utf8) }

    /// Letters, digits and `*-._` as they are, every other UTF-8 byte as `%XX` — a space too, as `%20`, which form
    /// decoders and URL query parsers alike read as a space (a `+` would be a plus sign to the latter), so that the
    /// same text serves bodies and redirect URLs.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = [byte >> 4, byte & 0xF].map { String($0, radix: 16, uppercase: true) }
                escaped += "%" + digits.joined()
            }
        }
        return escaped
    }
}
