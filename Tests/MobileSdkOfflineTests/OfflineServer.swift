import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The suites that use the offline test servers, one at a time: they reset and seed the same services.
@Suite(.enabled(if: OfflineServer.enabled, OfflineServer.skipMessage), .serialized) enum OfflineLive {}

/// The `offline` test server (odatapy's TripPin with delta tokens that expire, upserts with `If-None-Match`,
/// repeatable requests and a request log), reached by the store's client and by plain HTTP to check its state.
enum OfflineServer {
    static let root = TestServers.url(.offline)
    static let log = TestServers.value(.offlineLog)
    static let enabled = root != nil || TestServers.required
    static let skipMessage = Comment(rawValue: TestServers.skipMessage)
    /// A service root where nothing listens: the store's client while "offline".
    static let unreachable = URL(string: "http://127.0.0.1:9/odata/")!

    static func client(_ root: URL? = OfflineServer.root) throws -> ODataClient {
        ODataClient(serviceRoot: try #require(root))
    }

    /// Empties the service (TripPin's `ResetDataSource`) and forgets the request log.
    static func reset(root: URL? = OfflineServer.root, log: String? = OfflineServer.log) async throws {
        try await client(root).invoke(ResetDataSourceRequest())
        if let log { try? Data().write(to: URL(fileURLWithPath: log)) }
    }

    /// The lines of the request log written since the last reset.
    static func requestLog(_ log: String? = OfflineServer.log) throws -> [String] {
        let text = try String(contentsOfFile: try #require(log), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// Sends a request with plain HTTP; the status and the JSON object of the answer, if any.
    @discardableResult static func http(
        _ method: String,
        _ path: String,
        json: [String: Any]? = nil,
        headers: [String: String] = [:],
        root: URL? = OfflineServer.root
    ) async throws -> (status: Int, body: [String: Any]?) {
        let base: URL = try #require(root)
        let url = try #require(URL(string: path, relativeTo: base))
        return try await PlainHTTP.send(method, url, json: json, headers: headers)
    }

    /// Makes every delta token issued so far answer 410 Gone.
    static func expireDeltaTokens(root: URL? = OfflineServer.root) async throws {
        let (status, _) = try await http("POST", "$test/expire-delta-tokens", root: root)
        #expect(status == 204)
    }

    /// A person the way the seed writes it.
    static func person(
        _ userName: String,
        _ first: String,
        _ last: String,
        age: Int?,
        emails: [String],
        gender: String,
        city: String?
    ) -> [String: Any] {
        var person: [String: Any] = [
            "UserName": userName, "FirstName": first, "LastName": last, "Emails": emails, "Gender": gender,
        ]
        person["Age"] = age ?? NSNull()
        if let city {
            person["HomeAddress"] = [
                "Address": "1 Main St", "City": ["Name": city, "CountryRegion": "US", "Region": "WA"],
            ]
        }
        return person
    }

    /// Trips of three people (contained in them, created with them), with budgets, tags and dates.
    static func trips(of userName: String) -> [[String: Any]] {
        let trips: [(String, Int, String, Double, [String])] = [
            ("russellwhyte", 1, "Trip in US", 3000, ["business"]), ("russellwhyte", 2, "Trip in Beijing", 2000, []),
            ("russellwhyte", 3, "Honeymoon", 5000, ["private", "beach"]), ("scottketchum", 4, "Trip in Paris", 800, []),
            ("scottketchum", 5, "Conference", 3500, ["business"]), ("zoeoneil", 6, "Zürich", 1200, ["private"]),
        ]
        return trips.filter { $0.0 == userName }
            .map { _, id, name, budget, tags in
                [
                    "TripId": id, "ShareId": "9d9b2fa0-efbf-490e-a5e3-bac8f7d47354", "Name": name, "Budget": budget,
                    "Description": "Trip \(id)", "Tags": tags, "StartsAt": "2026-0\(id)-01T00:00:00Z",
                    "EndsAt": "2026-0\(id)-04T00:00:00Z",
                ]
            }
    }

    /// People with ages, nulls, e-mails, genders, cities and names that sort in every way the tests need.
    static func seed(withTrips: Bool = false, root: URL? = OfflineServer.root) async throws {
        let people: [[String: Any]] = [
            person(
                "russellwhyte",
                "Russell",
                "Whyte",
                age: 33,
                emails: ["russell@example.com"],
                gender: "Male",
                city: "Seattle"
            ),
            person(
                "scottketchum",
                "Scott",
                "Ketchum",
                age: 28,
                emails: ["scott@example.com", "sk@contoso.com"],
                gender: "Male",
                city: "Boise"
            ), person("ronaldmundy", "Ronald", "Mundy", age: nil, emails: [], gender: "Male", city: nil),
            person(
                "javieralfred",
                "Javier",
                "Alfred",
                age: 45,
                emails: ["javier@contoso.com"],
                gender: "Male",
                city: "Seattle"
            ),
            person(
                "willieashmore",
                "Willie",
                "Ashmore",
                age: 28,
                emails: ["willie@example.com"],
                gender: "Female",
                city: "Portland"
            ), person("vincentcalabrese", "Vincent", "Calabrese", age: 61, emails: [], gender: "Male", city: "Tacoma"),
            person(
                "clydeguess",
                "Clyde",
                "Guess",
                age: 19,
                emails: ["clyde@contoso.com", "cg@example.com"],
                gender: "Female",
                city: "Boise"
            ),
            person(
                "keithpinckney",
                "Keith",
                "Pinckney",
                age: nil,
                emails: ["keith@example.com"],
                gender: "Female",
                city: nil
            ),
            person("zoeoneil", "Zoë", "O'Neil", age: 38, emails: ["zoe@example.com"], gender: "Female", city: "Zürich"),
        ]
        for var person in people {
            if withTrips, let userName = person["UserName"] as? String, !trips(of: userName).isEmpty {
                person["Trips"] = trips(of: userName)
            }
            let (status, _) = try await http("POST", "People", json: person, root: root)
            #expect(status == 201)
        }
    }
}
