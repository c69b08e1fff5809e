import CRM2011Model
import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
import TripPinModel

/// Recorded payloads in `Payloads/`.
enum Payloads {
    /// The bytes of `Payloads/<name>.json` (or `<name>` with its extension); an issue when it is missing.
    static func data(_ name: String) -> Data {
        let (base, ext) =
            name.contains(".")
            ? (String(name.prefix { $0 != "." }), String(name.drop { $0 != "." }.dropFirst())) : (name, "json")
        guard let url = Bundle.module.url(forResource: base, withExtension: ext, subdirectory: "Payloads"),
            let data = try? Data(contentsOf: url)
        else {
            Issue.record("missing payload \(name)")
            return Data()
        }
        return data
    }

    static func text(_ name: String) -> String { String(decoding: data(name), as: UTF8.self) }
}

/// Ids used by the recorded payloads.
enum IDs {
    static let account = UUID(uuidString: "7a4814f9-b0b8-ea11-a812-000d3a122b89")!
    static let secondAccount = UUID(uuidString: "7b4814f9-b0b8-ea11-a812-000d3a122b89")!
    static let thirdAccount = UUID(uuidString: "7c4814f9-b0b8-ea11-a812-000d3a122b89")!
    static let fourthAccount = UUID(uuidString: "7d4814f9-b0b8-ea11-a812-000d3a122b89")!
    static let contact = UUID(uuidString: "c1a4f2d0-3e5b-4c6d-8e9f-0a1b2c3d4e5f")!
    static let createdContact = UUID(uuidString: "d2b5e3c1-4f6a-4d7e-9fa0-1b2c3d4e5f60")!
    static let owner = UUID(uuidString: "e3c6f4d2-5a7b-4e8f-a0b1-2c3d4e5f6071")!
    static let project = UUID(uuidString: "f4d7a5e3-6b8c-4f90-b1c2-3d4e5f607182")!
    static let task = UUID(uuidString: "a5e8b6f4-7c9d-4a01-82d3-4e5f60718293")!
}

/// Clients over a recorded transport.
enum TestClients {
    static let dataverseRoot = URL(string: "https://contoso.crm.dynamics.com/api/data/v9.2/")!
    static let crm2011Root = URL(string: "https://crm.contoso.com/Contoso/XRMServices/2011/OrganizationData.svc/")!
    static let tripPinRoot = URL(string: "https://services.odata.org/V4/TripPinServiceRW/")!

    static var dataverseRegistry: EntityRegistry {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)
        return registry
    }

    static var crm2011Registry: EntityRegistry {
        let registry = EntityRegistry()
        CRM2011Model.GeneratedEntities.register(in: registry)
        return registry
    }

    static var tripPinRegistry: EntityRegistry {
        let registry = EntityRegistry()
        TripPinModel.GeneratedEntities.register(in: registry)
        return registry
    }

    /// A Dataverse client (every annotation asked for) with the generated Dataverse classes.
    static func dataverse(
        _ transport: ScriptedTransport,
        authentication: any AuthenticationProvider = NoAuthentication(),
        retryPolicy: RetryPolicy = .none,
        maximumPageSize: Int? = nil,
        includeAnnotations: String? = "*"
    ) -> ODataClient {
        ODataClient(
            .init(
                serviceRoot: dataverseRoot,
                authentication: authentication,
                transport: transport,
                retryPolicy: retryPolicy,
                registry: dataverseRegistry,
                includeAnnotations: includeAnnotations,
                maximumPageSize: maximumPageSize
            )
        )
    }

    /// A CRM 2011 `OrganizationData.svc` client (OData v2) with the generated CRM 2011 classes.
    static func crm2011(_ transport: ScriptedTransport, retryPolicy: RetryPolicy = .none) -> ODataClient {
        ODataClient(
            .init(
                serviceRoot: crm2011Root,
                version: .v2,
                transport: transport,
                retryPolicy: retryPolicy,
                registry: crm2011Registry
            )
        )
    }
}

/// A retry policy whose waits are recorded instead of slept.
final class RecordedDelays: @unchecked Sendable {
    private let lock = NSLock()
    private var delays: [TimeInterval] = []

    /// The waits asked for, in order.
    var recorded: [TimeInterval] {
        lock.lock()
        defer { lock.unlock() }
        return delays
    }

    func policy(maximumRetries: Int = 3, initialDelay: TimeInterval = 1, maximumDelay: TimeInterval = 60) -> RetryPolicy
    {
        RetryPolicy(maximumRetries: maximumRetries, initialDelay: initialDelay, maximumDelay: maximumDelay) {
            [self] delay in record(delay)
        }
    }

    func record(_ delay: TimeInterval) {
        lock.lock()
        delays.append(delay)
        lock.unlock()
    }
}
