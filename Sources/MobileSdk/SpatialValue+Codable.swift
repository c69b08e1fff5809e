/// Spatial values encode as `{"shape": {"point": [x, y]}, "srid": 4326}` (no `srid` when it is nil): shapes as a
/// single-key object naming the kind, positions as GeoJSON-like `[x, y]` or `[x, y, z]` arrays. Non-finite
/// coordinates encode as `"nan"`, `"inf"` and `"-inf"`.
extension SpatialValue: Codable {
    private enum CodingKeys: String, CodingKey { case shape, srid }

    /// Decodes `shape` and, when present, `srid`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Shape.self, forKey: .shape),
            srid: try container.decodeIfPresent(Int.self, forKey: .srid)
        )
    }

    /// Encodes `shape` and, when it is not nil, `srid`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(shape, forKey: .shape)
        try container.encodeIfPresent(srid, forKey: .srid)
    }
}

extension SpatialValue.Shape: Codable {
    /// The keys naming the kinds of shape.
    private enum Tag: String, CodingKey {
        case point, lineString, polygon, multiPoint, multiLineString, multiPolygon, collection
    }

    /// Decodes a single-key object naming the kind of shape, e.g. `{"point": [x, y]}`.
    public init(from decoder: any Decoder) throws {
        let (tag, container) = try decoder.singleTag(Tag.self, of: "SpatialValue.Shape")
        typealias Position = SpatialValue.Position
        switch tag {
        case .point: self = .point(try container.decode(Position.self, forKey: tag))
        case .lineString: self = .lineString(try container.decode([Position].self, forKey: tag))
        case .polygon: self = .polygon(try container.decode([[Position]].self, forKey: tag))
        case .multiPoint: self = .multiPoint(try container.decode([Position].self, forKey: tag))
        case .multiLineString: self = .multiLineString(try container.decode([[Position]].self, forKey: tag))
        case .multiPolygon: self = .multiPolygon(try container.decode([[[Position]]].self, forKey: tag))
        case .collection: self = .collection(try container.decode([Self].self, forKey: tag))
        }
    }

    /// Encodes a single-key object naming the kind of shape, e.g. `{"lineString": [[x, y], [x, y]]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Tag.self)
        switch self {
        case .point(let position): try container.encode(position, forKey: .point)
        case .lineString(let positions): try container.encode(positions, forKey: .lineString)
        case .polygon(let rings): try container.encode(rings, forKey: .polygon)
        case .multiPoint(let positions): try container.encode(positions, forKey: .multiPoint)
        case .multiLineString(let lineStrings): try container.encode(lineStrings, forKey: .multiLineString)
        case .multiPolygon(let polygons): try container.encode(polygons, forKey: .multiPolygon)
        case .collection(let shapes): try container.encode(shapes, forKey: .collection)
        }
    }
}

extension SpatialValue.Position: Codable {
    /// Decodes an array of 2 or 3 coordinates, `[x, y]` or `[x, y, z]`; throws for any other count.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let x = try container.decode(CodableFloatingPoint<Double>.self).value
        let y = try container.decode(CodableFloatingPoint<Double>.self).value
        let z = container.isAtEnd ? nil : try container.decode(CodableFloatingPoint<Double>.self).value
        guard container.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a position has 2 or 3 coordinates")
        }
        self.init(x: x, y: y, z: z)
    }

    /// Encodes `[x, y]`, or `[x, y, z]` when `z` is set; non-finite coordinates as `"nan"`, `"inf"` or `"-inf"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(CodableFloatingPoint(x))
        try container.encode(CodableFloatingPoint(y))
        if let z { try container.encode(CodableFloatingPoint(z)) }
    }
}
