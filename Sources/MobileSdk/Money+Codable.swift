/// Amounts encode as decimal text that keeps every digit: `"12.5"`.
extension Money: Codable {
    public init(from decoder: any Decoder) throws { self.init(try CodableDecimal(from: decoder).value) }

    public func encode(to encoder: any Encoder) throws { try CodableDecimal(value).encode(to: encoder) }
}
