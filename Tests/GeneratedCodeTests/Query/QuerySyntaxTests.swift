import Foundation
import MobileSdk
import Testing
import TripPinModel

/// The OData ABNF rules a sent query must satisfy, for arbitrary text: a string literal is `'…'` with each quote
/// doubled, and the query string holds only characters a URL query may hold, everything else percent-encoded as UTF-8.
struct QuerySyntaxTests {
    /// Characters of RFC 3986 `query` that the query string may hold as they are (`pchar`, `/`, `?`), less `&`
    /// and `+`, which separate options and stand for spaces in forms.
    private static let queryCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,;=:@/?%".unicodeScalars
    )

    private static let samples = [
        "plain", "O'Neil", "''", "a'b'c'", "50% & more", "a+b#c", "tab\there", "new\nline", "zoë", "東京", "emoji 🚀",
        "back\\slash", "semi;colon", "paren(s)", "eq 'x' or 1 eq 1",
    ]

    @Test(arguments: samples) func stringLiteralsRoundTrip(_ text: String) throws {
        let options = try Query<Person>().filter { $0.lastName == text }.odataQuery(.v4)
        let filter = try #require(options.filter)
        // The literal: one pair of quotes around the text, every quote inside doubled.
        #expect(filter.hasPrefix("LastName eq '") && filter.hasSuffix("'"))
        let literal = filter.dropFirst("LastName eq '".count).dropLast()
        #expect(!literal.replacingOccurrences(of: "''", with: "").contains("'"))
        #expect(literal.replacingOccurrences(of: "''", with: "'") == text)

        let encoded = options.queryString(.v4)
        #expect(encoded.unicodeScalars.allSatisfy(Self.queryCharacters.contains), "\(encoded)")
        #expect(encoded.removingPercentEncoding == "$filter=" + filter)
        // Percent signs only start escapes of two hex digits.
        let escapes = encoded.split(separator: "%", omittingEmptySubsequences: false).dropFirst()
        #expect(escapes.allSatisfy { $0.count >= 2 && $0.prefix(2).allSatisfy(\.isHexDigit) })
    }

    @Test(arguments: samples) func containsIsEscapedToo(_ text: String) throws {
        let v2 = try #require(try Query<Person>().filter { $0.lastName.contains(text) }.odataQuery(.v2).filter)
        #expect(v2 == "substringof(" + ODataLiteral.quoted(text) + ",LastName)")
    }
}
