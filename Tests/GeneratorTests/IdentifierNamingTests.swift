import TestSupport
import Testing

@testable import Generator

/// `lowerCamelCase` takes a byte path for ASCII names; it must give what the general path gives.
struct IdentifierNamingTests {
    @Test(arguments: [
        ("URLValue", "urlValue"), ("ID", "id"), ("DARK_GREEN", "darkGreen"), ("new_routeid", "newRouteid"),
        ("2fa", "_2fa"), ("", "_"), ("__", "_"), ("a-b c.d", "abcd"), ("_x0020_Name", "name"), ("Caf_x00e9_", "café"),
        ("ISO_CODE_2", "isoCode2"), ("ABCdef", "abCdef"), ("A", "a"), ("x_IDValue", "xidValue"),
    ]) func namesReadAsExpected(name: String, expected: String) {
        #expect(IdentifierNaming.lowerCamelCase(name) == expected)
        #expect(IdentifierNaming.generalLowerCamelCase(name) == expected)
    }

    @Test func theBytePathAgreesWithTheGeneralOne() {
        let pieces = [
            "a", "b", "Z", "Q", "id", "ID", "Url", "URL", "0", "7", "_", "__", "-", ".", " ", "$", "_x0020_", "_x005f_",
            "_x00e9_", "_xZZZZ_", "x", "é", "ß", "Ǆ", "İ",
        ]
        var generator = SeededGenerator(seed: 26)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var byBytes = 0
        for _ in 0..<20_000 {
            let name = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
            guard let fast = IdentifierNaming.asciiLowerCamelCase(name) else { continue }
            byBytes += 1
            #expect(fast == IdentifierNaming.generalLowerCamelCase(name), "\(name)")
        }
        #expect(byBytes > 5_000)
    }
}
