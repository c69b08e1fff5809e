import Foundation
import MobileSdk
import Testing

/// Keys in URLs: OData v4 and v2 literal forms, quoting, composite and alternate keys.
struct EntityKeyTests {
    private let id = UUID(uuidString: "5D5A6C7E-1B2C-4D3E-8F90-A1B2C3D4E5F6")!

    @Test func guidKeys() throws {
        #expect(try EntityKey.id(id).urlSegment(.v4) == "(5d5a6c7e-1b2c-4d3e-8f90-a1b2c3d4e5f6)")
        #expect(try EntityKey.id(id).urlSegment(.v2) == "(guid'5d5a6c7e-1b2c-4d3e-8f90-a1b2c3d4e5f6')")
    }

    @Test func stringKeysDoubleTheirQuotes() throws {
        #expect(try EntityKey("O'Neil").urlSegment(.v4) == "('O''Neil')")
    }

    @Test func compositeAndAlternateKeys() throws {
        let key = EntityKey(["TripId": .int32(1), "UserName": .string("kristina")])
        #expect(try key.urlSegment(.v4) == "(TripId=1,UserName='kristina')")
        #expect(try EntityKey(["accountnumber": .string("A-1")]).urlSegment(.v4) == "(accountnumber='A-1')")
    }

    @Test func numbersTakeTheirV2Suffixes() throws {
        #expect(try EntityKey(.int64(9_007_199_254_740_993)).urlSegment(.v2) == "(9007199254740993L)")
        #expect(try EntityKey(.int64(9_007_199_254_740_993)).urlSegment(.v4) == "(9007199254740993)")
    }

    @Test func valuesThatHaveNoLiteralAreRefused() {
        #expect(throws: ODataEncodingError.self) { try EntityKey(.collection([])).urlSegment(.v4) }
    }
}
