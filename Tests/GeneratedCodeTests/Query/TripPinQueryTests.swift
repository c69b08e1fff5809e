import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Typed queries over the TripPin classes (OData v4): each construct's text, and the query string as sent.
struct TripPinQueryTests {
    private func filter(_ predicate: (Fields<Person, Person>) -> FilterExpression<Person>) throws -> String {
        try #require(try Query<Person>().filter(predicate).odataQuery(.v4).filter)
    }

    @Test func comparisonsOfEveryKind() throws {
        #expect(try filter { $0.firstName == "Russell" } == "FirstName eq 'Russell'")
        #expect(try filter { $0.age >= 18 && $0.age < 65 } == "Age ge 18 and Age lt 65")
        #expect(try filter { $0.middleName == nil } == "MiddleName eq null")
        #expect(try filter { $0.middleName != nil } == "MiddleName ne null")
        #expect(try filter { $0.gender == .female } == "Gender eq Sample.TripPin.PersonGender'Female'")
        #expect(try filter { $0.favoriteFeature == [.wifi] } == "FavoriteFeature eq Sample.TripPin.Feature'Wifi'")
        #expect(try filter { $0.concurrency > 9_007_199_254_740_993 } == "Concurrency gt 9007199254740993")
    }

    @Test func stringFunctionsAndQuotes() throws {
        #expect(try filter { $0.lastName.contains("O'Ne") } == "contains(LastName,'O''Ne')")
        #expect(
            try filter { $0.lastName.hasPrefix("Wh") || $0.lastName.hasSuffix("te") }
                == "startswith(LastName,'Wh') or endswith(LastName,'te')"
        )
        #expect(try filter { !($0.firstName == "A") } == "not (FirstName eq 'A')")
    }

    @Test func precedenceIsKeptWithParentheses() throws {
        #expect(
            try filter { ($0.age > 1 || $0.age < 0) && $0.firstName == "A" }
                == "(Age gt 1 or Age lt 0) and FirstName eq 'A'"
        )
        #expect(
            try filter { $0.age > 1 || $0.age < 0 && $0.firstName == "A" }
                == "Age gt 1 or Age lt 0 and FirstName eq 'A'"
        )
    }

    @Test func membershipAsEqualities() throws {
        #expect(try filter { $0.userName.isIn(["a", "b'c"]) } == "(UserName eq 'a' or UserName eq 'b''c')")
        #expect(try filter { $0.userName.isIn([]) } == "false")
    }

    @Test func lambdasOverEntitiesAndValues() throws {
        #expect(try filter { $0.friends.any { $0.firstName == "Scott" } } == "Friends/any(x0:x0/FirstName eq 'Scott')")
        #expect(
            try filter { $0.emails.all { $0.hasSuffix("@example.com") } }
                == "Emails/all(x0:endswith(x0,'@example.com'))"
        )
        #expect(
            try filter { $0.friends.any { $0.friends.any { $0.age > 30 } } }
                == "Friends/any(x0:x0/Friends/any(x1:x1/Age gt 30))"
        )
    }

    @Test func navigationPaths() throws {
        #expect(try filter { $0.bestFriend.lastName == "Whyte" } == "BestFriend/LastName eq 'Whyte'")
    }

    @Test func propertiesOfComplexValues() throws {
        #expect(
            try filter { $0.homeAddress.address == "187 Suffolk Ln." } == "HomeAddress/Address eq '187 Suffolk Ln.'"
        )
        #expect(try filter { $0.homeAddress.city.name.hasPrefix("Bo") } == "startswith(HomeAddress/City/Name,'Bo')")
        #expect(
            try filter { $0.addressInfo.any { $0.city.region == "ID" } } == "AddressInfo/any(x0:x0/City/Region eq 'ID')"
        )
        #expect(
            try filter { $0.bestFriend.homeAddress.city.name == "Boise" }
                == "BestFriend/HomeAddress/City/Name eq 'Boise'"
        )
    }

    @Test func keyPathsThroughComplexValuesAndSingleNavigations() throws {
        let options = try Query<Person>().select(\.homeAddress).orderBy(\.homeAddress?.city?.name)
            .orderBy(\.bestFriend?.lastName, descending: true).odataQuery(.v4)
        #expect(options.select == ["HomeAddress"])
        #expect(options.orderBy == ["HomeAddress/City/Name", "BestFriend/LastName desc"])
    }

    @Test func selectOrderExpandPageAndCount() throws {
        let query = Query<Person>().select(\.userName, \.firstName).filter { $0.age > 20 }.filter { $0.gender == .male }
            .orderBy(\.lastName).orderBy(\.age, descending: true)
            .expand(\.friends) { $0.select(\.userName).filter { $0.age < 30 }.top(2) }.expand(\.bestFriend).top(10)
            .skip(5).withCount()
        let options = try query.odataQuery(.v4)
        #expect(options.select == ["UserName", "FirstName"])
        #expect(options.filter == "Age gt 20 and Gender eq Sample.TripPin.PersonGender'Male'")
        #expect(options.orderBy == ["LastName", "Age desc"])
        #expect(options.expand == ["Friends($select=UserName;$filter=Age lt 30;$top=2)", "BestFriend"])
        #expect(
            options.queryString(.v4)
                == "$select=UserName,FirstName&$filter=Age%20gt%2020%20and%20Gender%20eq%20Sample.TripPin.PersonGender'Male'&$orderby=LastName,Age%20desc"
                + "&$expand=Friends($select=UserName;$filter=Age%20lt%2030;$top=2),BestFriend&$top=10&$skip=5&$count=true"
        )
    }

    @Test func aKeyPathThatReadsNoAttributeIsRefused() {
        #expect(throws: ODataEncodingError.self) { try Query<Person>().select(\.debugDescription).odataQuery(.v4) }
    }

    /// A computed property of the app's own that reads two attributes names no one property.
    @Test func aKeyPathThatReadsTwoAttributesIsRefused() {
        #expect(throws: ODataEncodingError.self) { try Query<Person>().orderBy(\.displayName).odataQuery(.v4) }
    }
}

extension Person {
    fileprivate var displayName: String? { [firstName, lastName].compactMap { $0 }.joined(separator: " ") }
}
