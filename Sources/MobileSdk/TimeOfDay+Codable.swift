/// Times of day encode as `{"hour": 13, "minute": 45, "second": 30}`, with `"nanosecond"` when it is not zero: field
/// by field, so that every value, even one out of range, decodes as it was.
extension TimeOfDay: Codable {
    private enum CodingKeys: String, CodingKey { case hour, minute, second, nanosecond }

    /// Decodes the integer fields `hour`, `minute`, `second` and, when present, `nanosecond`, without range checks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            hour: try container.decode(Int.self, forKey: .hour),
            minute: try container.decode(Int.self, forKey: .minute),
            second: try container.decode(Int.self, forKey: .second),
            nanosecond: try container.decodeIfPresent(Int.self, forKey: .nanosecond) ?? 0
        )
    }

    /// Encodes `hour`, `minute` and `second` as integer fields, and `nanosecond` when it is not zero.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hour, forKey: .hour)
        try container.encode(minute, forKey: .minute)
        try container.encode(second, forKey: .second)
        if nanosecond != 0 { try container.encode(nanosecond, forKey: .nanosecond) }
    }
}
