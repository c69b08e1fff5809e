/// Extended well-known text, as in OData literals: `SRID=4326;POINT(-122.1 47.6)`.
extension SpatialValue: CustomStringConvertible {
    /// Extended well-known text, e.g. `SRID=4326;POINT(-122.1 47.6)`: no `SRID=…;` prefix when `srid` is nil, and
    /// `EMPTY` for a shape without positions, e.g. `LINESTRING EMPTY`.
    public var description: String { (srid.map { "SRID=\($0);" } ?? "") + shape.wellKnownText }
}

extension SpatialValue.Shape {
    /// The shape in well-known text; an empty list of coordinates is written `EMPTY`.
    var wellKnownText: String {
        switch self {
        case .point(let position): "POINT(\(position.wellKnownText))"
        case .lineString(let positions): "LINESTRING" + Self.list(positions) { $0.wellKnownText }
        case .polygon(let rings): "POLYGON" + Self.list(rings) { Self.list($0) { $0.wellKnownText } }
        case .multiPoint(let positions): "MULTIPOINT" + Self.list(positions) { "(\($0.wellKnownText))" }
        case .multiLineString(let lines): "MULTILINESTRING" + Self.list(lines) { Self.list($0) { $0.wellKnownText } }
        case .multiPolygon(let polygons):
            "MULTIPOLYGON" + Self.list(polygons) { Self.list($0) { Self.list($0) { $0.wellKnownText } } }
        case .collection(let shapes): "GEOMETRYCOLLECTION" + Self.list(shapes) { $0.wellKnownText }
        }
    }

    private static func list<T>(_ items: [T], _ render: (T) -> String) -> String {
        items.isEmpty ? " EMPTY" : "(" + items.map(render).joined(separator: ",") + ")"
    }
}

extension SpatialValue.Position {
    /// `x y` or `x y z`.
    var wellKnownText: String { "\(x) \(y)" + (z.map { " \($0)" } ?? "") }
}
