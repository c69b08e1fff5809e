/// A geography or geometry value, shaped like GeoJSON: a shape made of positions, and a spatial reference system.
public struct SpatialValue: Hashable, Sendable {
    /// One position: `x` is the longitude and `y` the latitude for geography values.
    public struct Position: Hashable, Sendable {
        /// The longitude in degrees for geography values; the first planar coordinate for geometry values.
        public var x: Double
        /// The latitude in degrees for geography values; the second planar coordinate for geometry values.
        public var y: Double
        /// The altitude or elevation, when given.
        public var z: Double?

        /// Creates a position from its coordinates; `z`, the altitude or elevation, is optional.
        public init(x: Double, y: Double, z: Double? = nil) {
            self.x = x
            self.y = y
            self.z = z
        }

        /// Creates a geographic position from a longitude and latitude in degrees, with an optional altitude.
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

    /// The kind of shape and its positions.
    public var shape: Shape
    /// The spatial reference system identifier (4326 is WGS 84); nil when the property's default applies.
    public var srid: Int?

    /// Creates a value of `shape` in the spatial reference system `srid`, or in the property's default when nil.
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

    /// A line string through `positions`, in order.
    public static func lineString(_ positions: [Position], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.lineString(positions), srid: srid)
    }

    /// A polygon from its rings: the exterior first, then the holes.
    public static func polygon(_ rings: [[Position]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.polygon(rings), srid: srid)
    }

    /// A multi-point: a set of positions.
    public static func multiPoint(_ positions: [Position], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiPoint(positions), srid: srid)
    }

    /// A multi-line string: several line strings, each a list of positions.
    public static func multiLineString(_ lineStrings: [[Position]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiLineString(lineStrings), srid: srid)
    }

    /// A multi-polygon: several polygons, each its rings with the exterior first, then the holes.
    public static func multiPolygon(_ polygons: [[[Position]]], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.multiPolygon(polygons), srid: srid)
    }

    /// A collection of shapes of any kinds (`GEOMETRYCOLLECTION` in well-known text).
    public static func collection(_ shapes: [Shape], srid: Int? = nil) -> SpatialValue {
        SpatialValue(.collection(shapes), srid: srid)
    }
}
