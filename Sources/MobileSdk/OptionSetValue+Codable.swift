/// Options encode as their integer value.
extension OptionSetValue: Codable {
    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(Int32.self)) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
