import Foundation
import TestSupport
import Testing

@testable import MobileSdk

/// Integers, decimals, doubles and GUIDs from their JSON text.
struct EdmTextNumberTests {
    func int64(_ text: String) -> Int64? { withBytes(text, EdmText.int64) }
    func decimal(_ text: String) -> Decimal? { withBytes(text, EdmText.decimal) }
    func double(_ text: String) -> Double? { withBytes(text, EdmText.double) }
    func guid(_ text: String) -> UUID? { withBytes(text, EdmText.guid) }

    @Test func int64Bounds() {
        #expect(int64("0") == 0)
        #expect(int64("-0") == 0)
        #expect(int64("42") == 42)
        #expect(int64("-42") == -42)
        #expect(int64("9223372036854775807") == .max)
        #expect(int64("-9223372036854775808") == .min)
        #expect(int64("9223372036854775808") == nil)
        #expect(int64("-9223372036854775809") == nil)
        #expect(int64("18446744073709551616") == nil)
        #expect(int64("99999999999999999999999") == nil)
    }

    @Test func int64RejectsNonIntegers() {
        for text in ["", "-", "+1", "1.0", "1e3", " 1", "1 ", "0x1", "1-"] { #expect(int64(text) == nil, "\(text)") }
    }

    @Test func decimalsAreExact() throws {
        #expect(decimal("12.50") == Decimal(string: "12.5"))
        #expect(decimal("0.1") == Decimal(string: "0.1"))
        #expect(decimal("-0.001") == Decimal(string: "-0.001"))
        #expect(decimal("0") == 0)
        #expect(decimal("0.000") == 0)
        #expect(decimal("1234567890123456789") == Decimal(string: "1234567890123456789"))
        #expect(decimal("9999999999999999999") == Decimal(string: "9999999999999999999"))
        #expect(decimal("0.0000000000000000000001") == Decimal(string: "1e-22"))
    }

    @Test func negativeZeroIsZero() throws {
        let value = try #require(decimal("-0"))
        #expect(!value.isNaN)
        #expect(value == 0)
        let fraction = try #require(decimal("-0.00"))
        #expect(!fraction.isNaN)
        #expect(fraction == 0)
    }

    @Test func decimalsWithMoreThanNineteenDigits() throws {
        let text = "123456789012345678901234567890"
        #expect(decimal(text)?.description == text)
        #expect(decimal("-12345678901234567890.12345")?.description == "-12345678901234567890.12345")
        #expect(decimal("0.12345678901234567890123") == Decimal(string: "0.12345678901234567890123"))
        #expect(decimal("00000000000000000000001") == 1)
    }

    @Test func decimalExponents() {
        #expect(decimal("1e3") == 1000)
        #expect(decimal("1.5E3") == 1500)
        #expect(decimal("-2.5e+2") == -250)
        #expect(decimal("1e-2") == Decimal(string: "0.01"))
        #expect(decimal("12345678901234567890e2") == Decimal(string: "1234567890123456789000"))
    }

    @Test func decimalsRejectOtherText() {
        for text in [
            "", "-", ".", "abc", "1.2.3", "1x", "1-2", "12345678901234567890x", "12345678901234567890.5.5", "1e", "1e+",
            "1e5x", "1ee5", "e5", "--1", "1e1.5", "1,5", "1e99999",
        ] { #expect(decimal(text) == nil, "\(text)") }
    }

    @Test func doubles() {
        #expect(double("1.5") == 1.5)
        #expect(double("-0.25") == -0.25)
        #expect(double("1e300") == 1e300)
        #expect(double("9007199254740993") == 9_007_199_254_740_992)
        #expect(double("-9223372036854775808") == -9223372036854775808.0)
        #expect(double("9223372036854775807") == 9223372036854775807.0)
        #expect(double("INF") == .infinity)
        #expect(double("-INF") == -.infinity)
        #expect(double("NaN")?.isNaN == true)
        #expect(double("x") == nil)
        #expect(double("") == nil)
    }

    /// Short numbers take a direct path (digits times a power of ten): it gives Swift's own correctly rounded
    /// result for every form a service writes, random ones included.
    @Test func doublesEqualSwiftsParser() {
        var random = SeededGenerator(seed: 0xD0B1E)
        var texts = [
            "0", "-0", "0.0", "123456789012345", "1234567890123456", "0.1", "0.3", "2.675", "1e22", "1e23", "1e-22",
            "9.999999999999999e22", "123.456e-5", "-0.000001", "4.35", "0.000000000000000000000000001", "1E+2",
        ]
        for _ in 0..<20_000 {
            let digits = String(UInt64.random(in: 0...999_999_999_999_999, using: &random))
            let point = Int.random(in: 0...digits.count, using: &random)
            var text = point == digits.count ? digits : digits.prefix(point) + "." + digits.dropFirst(point)
            if text.hasPrefix(".") { text = "0" + text }
            if Bool.random(using: &random) { text += "e" + String(Int.random(in: -30...30, using: &random)) }
            texts.append(Bool.random(using: &random) ? "-" + text : text)
        }
        for text in texts {
            let expected = Double(text)
            #expect(double(text) == expected && double(text)?.sign == expected?.sign, "\(text)")
        }
    }

    @Test func guidsInAnyCase() throws {
        let expected = try #require(UUID(uuidString: "0C1F2A3B-4D5E-6F70-8192-A3B4C5D6E7F8"))
        #expect(guid("0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8") == expected)
        #expect(guid("0C1F2A3B-4D5E-6F70-8192-A3B4C5D6E7F8") == expected)
        #expect(guid("0c1F2a3B-4d5E-6f70-8192-A3b4C5d6e7F8") == expected)
        #expect(EdmText.format(expected) == "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8")
    }

    /// The check without a UUID agrees with the reader, on well-formed GUIDs (either case) and on each byte of one
    /// changed; it tells upper-case digits apart.
    @Test func guidCheckAgreesWithTheReader() {
        var random = SeededGenerator(seed: 0x6D1D)
        for _ in 0..<2_000 {
            let text = UUID().uuidString
            var bytes = Array((Bool.random(using: &random) ? text : text.lowercased()).utf8)
            if Bool.random(using: &random) {
                bytes[Int.random(in: 0..<36, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            let isGuid = bytes.withUnsafeBufferPointer { EdmText.guid($0) != nil }
            let hasUpperCase = bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
            let form = bytes.withUnsafeBufferPointer { EdmText.guidHasUpperCase($0) }
            #expect(form == (isGuid ? hasUpperCase : nil), "\(bytes)")
        }
    }

    @Test func malformedGuids() {
        for text in [
            "", "0c1f2a3b4d5e6f708192a3b4c5d6e7f8", "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f",
            "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f80", "{0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8}",
            "0c1f2a3b-4d5e-6f70-8192_a3b4c5d6e7f8", "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7fg",
            "0c1f2a3-b4d5e-6f70-8192-a3b4c5d6e7f8", "0c1f2a3b-4d5e-6f70-81-92a3b4c5d6e7f8",
        ] {
            #expect(guid(text) == nil, "\(text)")
            #expect(withBytes(text, EdmText.guidHasUpperCase) == nil, "\(text)")
        }
    }
}
