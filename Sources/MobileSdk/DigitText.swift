/// Parsing of the fixed-width decimal fields in ISO 8601 / OData date and time literals.
extension Substring {
    /// The value of a non-empty run of ASCII digits, or nil for anything else (signs included).
    var asciiDigitsValue: Int? {
        guard !isEmpty, count <= 18, allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(self)
    }

    /// ``asciiDigitsValue`` when the text has exactly `width` digits.
    func asciiDigitsValue(width: Int) -> Int? { count == width ? asciiDigitsValue : nil }
}

/// `value` in decimal, padded with leading zeros to at least `width` digits.
func zeroPadded<Value: BinaryInteger>(_ value: Value, width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
