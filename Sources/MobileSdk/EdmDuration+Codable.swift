/// Durations encode as their length in seconds, as decimal text that keeps every digit: `"93784.5"`.
extension EdmDuration: Codable {
    /// Decodes the length in seconds from decimal text, e.g. `"93784.5"`.
    public init(from decoder: any Decoder) throws { self.init(seconds: try CodableDecimal(from: decoder).value) }

    /// Encodes the length in seconds as decimal text that keeps every digit.
    public func encode(to encoder: any Encoder) throws { try CodableDecimal(seconds).encode(to: encoder) }
}
