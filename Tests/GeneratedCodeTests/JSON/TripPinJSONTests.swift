import Foundation
import MobileSdk
import Testing
import TripPinModel

/// TripPin (OData v4) responses decoded into the generated classes and read through their typed properties.
struct TripPinJSONTests {
    func decoder() -> ODataJSONDecoder {
        let registry = EntityRegistry()
        TripPinModel.GeneratedEntities.register(in: registry)
        return ODataJSONDecoder(registry: registry)
    }

    static let russell = #"""
        {"@odata.context": "https://services.odata.org/V4/TripPinService/$metadata#People(Friends())/$entity",
         "@odata.id": "https://services.odata.org/V4/TripPinService/People('russellwhyte')", "@odata.etag": "W/\"08D1694BD49A0F11\"",
         "UserName": "russellwhyte", "FirstName": "Russell", "LastName": "Whyte", "MiddleName": null, "Gender": "Male", "Age": 42,
         "Emails": ["Russell@example.com", "Russell@contoso.com"], "FavoriteFeature": "Wifi,Lounge", "Concurrency": 635404797346655531,
         "AddressInfo": [{"Address": "187 Suffolk Ln.", "City": {"CountryRegion": "United States", "Name": "Boise", "Region": "ID"}}],
         "HomeAddress": {"Address": "1 Main St.", "City": {"Name": "Seattle", "CountryRegion": "United States", "Region": "WA"}},
         "Friends@odata.count": 2,
         "Friends": [
            {"@odata.id": "People('scottketchum')", "UserName": "scottketchum", "FirstName": "Scott", "Gender": "Male", "Emails": [], "HomeAddress": null},
            {"@odata.type": "#Sample.TripPin.Employee", "UserName": "ronaldmundy", "FirstName": "Ronald", "Gender": "Female", "Cost": "1000000",
             "Concurrency": 7, "Peers": [{"UserName": "javieralfred"}], "Friends": [{"UserName": "russellwhyte"}],
             "BestFriend": {"UserName": "scottketchum"}}
         ],
         "Friends@odata.nextLink": "https://services.odata.org/V4/TripPinService/People('russellwhyte')/Friends?$skip=2"}
        """#

    @Test func personWithEnumsComplexValuesAndCollections() throws {
        let person = try decoder().decodeEntity(Person.self, from: Data(Self.russell.utf8))
        #expect(person.userName == "russellwhyte")
        #expect(person.firstName == "Russell")
        #expect(person.middleName == nil)
        #expect(person.contains("MiddleName"))
        #expect(person.gender == .male)
        #expect(person.age == 42)
        #expect(person.emails == ["Russell@example.com", "Russell@contoso.com"])
        #expect(person.favoriteFeature == [.wifi, .lounge])
        #expect(person.concurrency == 635_404_797_346_655_531)
        #expect(person.homeAddress?.address == "1 Main St.")
        #expect(person.homeAddress?.city?.name == "Seattle")
        #expect(person.homeAddress?.city?.region == "WA")
        #expect(person.addressInfo?.first?.city?.name == "Boise")
        #expect(person.eTag == "W/\"08D1694BD49A0F11\"")
        #expect(person.changedAttributeNames.isEmpty)
    }

    @Test func expandedFriends() throws {
        let person = try decoder().decodeEntity(Person.self, from: Data(Self.russell.utf8))
        let friends = try #require(person.friends)
        #expect(friends.map(\.userName) == ["scottketchum", "ronaldmundy"])
        #expect(friends[0].emails == [])
        #expect(friends[0].homeAddress == nil)
        #expect(person.relatedEntities["Friends"]?.totalRecordCount == 2)
        #expect(person.relatedEntities["Friends"]?.nextLink?.hasSuffix("$skip=2") == true)
        // The derived type keeps the base class's typed properties.
        let employee = try #require(friends[1] as? Employee)
        #expect(employee.cost == 1_000_000)
        #expect(employee.gender == .female)
        #expect(employee.concurrency == 7)
        #expect(employee.peers?.first?.userName == "javieralfred")
        // Typed by the base class's metadata, not by JSON shape.
        #expect(employee["Gender"] == .enumMember("Female"))
        #expect(employee["Concurrency"] == .int64(7))
        #expect(employee.friends?.first?.userName == "russellwhyte")
        #expect(employee.bestFriend?.userName == "scottketchum")
    }

    @Test func peoplePage() throws {
        let page = try decoder()
            .decodeCollection(
                Person.self,
                from: Data(
                    #"""
                    {"@odata.context": "$metadata#People", "value": [\#(Self.russell), {"UserName": "x", "Gender": "Unknown"}],
                     "@odata.nextLink": "People?$skiptoken=8"}
                    """#
                    .utf8
                )
            )
        let people = page.entities.compactMap { $0 as? Person }
        #expect(people.count == 2)
        #expect(people[1].gender == .unknown)
        #expect(page.moreRecords)
        #expect(page.entityName == "Person")
    }

    @Test func encodeThenDecode() throws {
        let person = Person()
        person.firstName = "Ann"
        person.gender = .female
        person.emails = ["a@example.com"]
        person.favoriteFeature = [.powerOutlet, .fastTrack]
        let body = try ODataJSONEncoder().encodeForCreate(person)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"Emails":["a@example.com"],"FavoriteFeature":"PowerOutlet,FastTrack","FirstName":"Ann","Gender":"Female"}"#
        )
        let decoded = try decoder().decodeEntity(Person.self, from: body)
        #expect(decoded.attributes == person.attributes)
        #expect(decoded.favoriteFeature == [.powerOutlet, .fastTrack])
    }
}
