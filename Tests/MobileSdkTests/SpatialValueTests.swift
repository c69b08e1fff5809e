import MobileSdk
import Testing

/// Spatial values print as extended well-known text.
struct SpatialValueTests {
    typealias Position = SpatialValue.Position

    @Test func points() {
        let point = SpatialValue.point(longitude: -122.5, latitude: 47.25, srid: 4326)
        #expect(point.shape == .point(Position(x: -122.5, y: 47.25)))
        #expect(point.srid == 4326)
        #expect(point.description == "SRID=4326;POINT(-122.5 47.25)")
        #expect(SpatialValue(.point(Position(x: 1, y: 2, z: 3))).description == "POINT(1.0 2.0 3.0)")
    }

    @Test func shapes() {
        let a = Position(x: 0, y: 0)
        let b = Position(x: 1, y: 0)
        let c = Position(x: 1, y: 1)
        #expect(SpatialValue.lineString([a, b]).description == "LINESTRING(0.0 0.0,1.0 0.0)")
        #expect(
            SpatialValue.polygon([[a, b, c, a]], srid: 0).description
                == "SRID=0;POLYGON((0.0 0.0,1.0 0.0,1.0 1.0,0.0 0.0))"
        )
        #expect(SpatialValue.multiPoint([a, c]).description == "MULTIPOINT((0.0 0.0),(1.0 1.0))")
        #expect(
            SpatialValue.multiLineString([[a, b], [b, c]]).description
                == "MULTILINESTRING((0.0 0.0,1.0 0.0),(1.0 0.0,1.0 1.0))"
        )
        #expect(
            SpatialValue.multiPolygon([[[a, b, c, a]]]).description
                == "MULTIPOLYGON(((0.0 0.0,1.0 0.0,1.0 1.0,0.0 0.0)))"
        )
        #expect(
            SpatialValue.collection([.point(a), .lineString([])]).description
                == "GEOMETRYCOLLECTION(POINT(0.0 0.0),LINESTRING EMPTY)"
        )
    }
}
