import Foundation
import MobileSdk
import MobileSdkClient
import TripPinModel

/// The service root and the TripPin people the kit's tests script.
enum Fixtures {
    static let root = URL(string: "https://trippin.example.com/odata/")!

    /// A client reading TripPin classes through `transport`, retrying as `retryPolicy` says (not at all by default).
    static func client(_ transport: any HTTPTransport, retryPolicy: RetryPolicy = .none, version: ODataVersion = .v4)
        -> ODataClient
    {
        GeneratedEntities.register()
        return ODataClient(
            ODataClient.Configuration(
                serviceRoot: root,
                version: version,
                transport: transport,
                retryPolicy: retryPolicy
            )
        )
    }

    /// A person as the service holds it.
    static func person(_ userName: String, first: String, last: String, age: Int32? = nil) -> Person {
        let person = Person(key: EntityKey(userName))
        person.firstName = first
        person.lastName = last
        person.age = age
        return person
    }
}
