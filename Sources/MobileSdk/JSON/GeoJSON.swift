import Foundation

/// Spatial values in the GeoJSON form OData JSON uses, with the reference system as
/// `"crs": {"type": "name", "properties": {"name": "EPSG:4326"}}`.
enum GeoJSON {
    static func spatialValue(_ json: UntypedValue) -> SpatialValue? {
        guard case .object(let members) = json, let shape = shape(json) else { return nil }
        return SpatialValue(shape, srid: srid(members["crs"]))
    }

    static func untypedValue(_ value: SpatialValue) -> UntypedValue {
        guard case .object(var members) = untypedValue(value.shape) else { return .null }
        if let srid = value.srid {
            members["crs"] = .object([
                "type": .string("name"), "properties": .object(["name": .string("EPSG:\(srid)")]),
            ])
        }
        return .object(members)
    }

    private static func shape(_ json: UntypedValue) -> SpatialValue.Shape? {
        guard case .object(let members) = json, case .string(let type)? = members["type"] else { return nil }
        if type == "GeometryCollection" {
            guard case .array(let geometries)? = members["geometries"] else { return nil }
            let shapes = geometries.compactMap(shape)
            return shapes.count == geometries.count ? .collection(shapes) : nil
        }
        guard let coordinates = members["coordinates"] else { return nil }
        switch type {
        case "Point": return position(coordinates).map(SpatialValue.Shape.point)
        case "LineString": return positions(coordinates).map(SpatialValue.Shape.lineString)
        case "MultiPoint": return positions(coordinates).map(SpatialValue.Shape.multiPoint)
        case "Polygon": return nested(coordinates, positions).map(SpatialValue.Shape.polygon)
        case "MultiLineString": return nested(coordinates, positions).map(SpatialValue.Shape.multiLineString)
        case "MultiPolygon": return nested(coordinates) { nested($0, positions) }.map(SpatialValue.Shape.multiPolygon)
        default: return nil
        }
    }

    private static func untypedValue(_ shape: SpatialValue.Shape) -> UntypedValue {
        let object = { (type: String, coordinates: UntypedValue) -> UntypedValue in
            .object(["type": .string(type), "coordinates": coordinates])
        }
        switch shape {
        case .point(let position): return object("Point", json(position))
        case .lineString(let positions): return object("LineString", .array(positions.map(json)))
        case .multiPoint(let positions): return object("MultiPoint", .array(positions.map(json)))
        case .polygon(let rings): return object("Polygon", .array(rings.map { .array($0.map(json)) }))
        case .multiLineString(let lines): return object("MultiLineString", .array(lines.map { .array($0.map(json)) }))
        case .multiPolygon(let polygons):
            return object("MultiPolygon", .array(polygons.map { .array($0.map { .array($0.map(json)) }) }))
        case .collection(let shapes):
            return .object(["type": .string("GeometryCollection"), "geometries": .array(shapes.map(untypedValue))])
        }
    }

    private static func json(_ position: SpatialValue.Position) -> UntypedValue {
        .array(([position.x, position.y] + (position.z.map { [$0] } ?? [])).map { .number(decimal($0)) })
    }

    /// The decimal with the shortest text that reads back as `value` (`Decimal(Double)` is not exact: 123.456789012345
    /// would come back as 123.45678901234499584).
    private static func decimal(_ value: Double) -> Decimal {
        Decimal(string: value.description, locale: Locale(identifier: "en_US_POSIX")) ?? Decimal(value)
    }

    /// The double nearest the decimal, parsed from its text so that it is correctly rounded.
    private static func double(_ value: Decimal) -> Double {
        Double(value.description) ?? NSDecimalNumber(decimal: value).doubleValue
    }

    private static func position(_ json: UntypedValue) -> SpatialValue.Position? {
        guard case .array(let numbers) = json, numbers.count >= 2 else { return nil }
        var values: [Double] = []
        for number in numbers {
            guard case .number(let value) = number else { return nil }
            values.append(double(value))
        }
        return SpatialValue.Position(x: values[0], y: values[1], z: values.count > 2 ? values[2] : nil)
    }

    private static func positions(_ json: UntypedValue) -> [SpatialValue.Position]? { nested(json, position) }

    private static func nested<T>(_ json: UntypedValue, _ element: (UntypedValue) -> T?) -> [T]? {
        guard case .array(let items) = json else { return nil }
        var result: [T] = []
        for item in items {
            guard let value = element(item) else { return nil }
            result.append(value)
        }
        return result
    }

    /// The SRID of `{"type": "name", "properties": {"name": "EPSG:4326"}}`.
    private static func srid(_ crs: UntypedValue?) -> Int? {
        guard case .object(let members)? = crs, case .object(let properties)? = members["properties"],
            case .string(let name)? = properties["name"]
        else { return nil }
        return Int(name.split(separator: ":").last ?? "")
    }
}
