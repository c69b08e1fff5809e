/// Options encode as their integer value.
extension OptionSetValue: Codable {
    /// Decodes the option's integer value from a bare number, e.g. `3`.
    public init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(Int32.self)) }

    /// Encodes the option's integer value as a bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
