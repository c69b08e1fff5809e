/// A geography or geometry value, shaped like GeoJSON: a shape made of positions, and a spatial reference system.
public struct SpatialValue: Hashable, Sendable {
    /// One position: `x` is the longitude and `y` the latitude for geography values.
    public struct Position: Hashable, Sendable {
        public var x: Double
        public var y: Double
        /// The altitude or elevation, when given.
        public var z: Double?

        public init(x: Double, y: Double, z: Double? = nil) {
            self.x = x
            self.y = y
            self.z = z
        }

        public init(longitude: Double, latitude: Double, altitude: Double? = nil) {
            self.init(x: longitude, y: latitude, z: altitude)
        }
    }

    /// The kinds of shape and their coordinates.
    public enum Shape: Hashable, Sendable {
        case point(Position)
        case lineString([Position])
        /// The exterior ring first, then the holes; each ring ends at its first position.
        case polygon([[Position]])
        case multiPoint([Position])
        case multiLineString([[Position]])
        case multiPolygon([[[Position]]])
        case collection([Shape])
    }

    public var shape: Shape
    /// The spatial reference system identifier (4326 is WGS 84); nil when the property's default applies.
    public var srid: Int?

    public init(_ shape: Shape, srid: Int? = nil) {
        self.shape = shape
        self.srid = srid
    }

    /// A point at a longitude and latitude.
    public static func point(longitude: Double, latitude: Double, srid: Int? = nil) -> SpatialValue {
        SpatialValue(.point(Position(longitude: longitude, latitude: latitude)), srid: srid)
    }

    /// A point at planar coordinates.
    public static func point(x: Double, y: Double, srid: Int? = nil) -> SpatialValue {
        SpatialValue(.point(Position(x: x, y: y)), srid: srid)
    }

    public static func lineString(_ positions: [Position], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.lineString(positions), srid: srid)
    }

    /// A polygon from its rings: the exterior first, then the holes.
    public static func polygon(_ rings: [[Position]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.polygon(rings), srid: srid)
    }

    public static func multiPoint(_ positions: [Position], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiPoint(positions), srid: srid)
    }

    public static func multiLineString(_ lineStrings: [[Position]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiLineString(lineStrings), srid: srid)
    }

    public static func multiPolygon(_ polygons: [[[Position]]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiPolygon(polygons), srid: srid)
    }

    public static func collection(_ shapes: [Shape], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.collection(shapes), srid: srid)
    }
}
