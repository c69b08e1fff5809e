/// Dates encode as `{"year": 2024, "month": 5, "day": 1}`: field by field, so that every value, even one that is not
/// a real date, decodes as it was.
extension DateOnly: Codable {
    private enum CodingKeys: String, CodingKey { case year, month, day }

    /// Decodes the integer fields `year`, `month` and `day` as they are, without checking that they name a real date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            year: try container.decode(Int.self, forKey: .year),
            month: try container.decode(Int.self, forKey: .month),
            day: try container.decode(Int.self, forKey: .day)
        )
    }

    /// Encodes `year`, `month` and `day` as integer fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(day, forKey: .day)
    }
}
