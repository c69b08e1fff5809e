/// Durations encode as their length in seconds, as decimal text that keeps every digit: `"93784.5"`.
extension EdmDuration: Codable {
    public init(from decoder: any Decoder) throws { self.init(seconds: try CodableDecimal(from: decoder).value) }

    public func encode(to encoder: any Encoder) throws { try CodableDecimal(seconds).encode(to: encoder) }
}
