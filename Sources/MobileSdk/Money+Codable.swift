/// Amounts encode as decimal text that keeps every digit: `"12.5"`.
extension Money: Codable {
    /// Decodes the amount from decimal text, e.g. `"12.5"`.
    public init(from decoder: any Decoder) throws { self.init(try CodableDecimal(from: decoder).value) }

    /// Encodes the amount as decimal text that keeps every digit.
    public func encode(to encoder: any Encoder) throws { try CodableDecimal(value).encode(to: encoder) }
}
