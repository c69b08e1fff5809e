import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Where credentials may go: no next link to another host, no redirects followed, no plain http except to this machine.
struct CredentialBoundaryTests {
    private static let token = BearerTokenAuthentication { _ in "secret-access-token" }

    @Test func aNextLinkToAnotherHostIsRefused() async throws {
        let transport = ScriptedTransport(
            .payload("dataverse-accounts-foreign-next"),
            .payload("dataverse-accounts-page2")
        )
        let client = TestClients.dataverse(transport, authentication: Self.token)

        let error = await #expect(throws: ODataClientError.self) { try await client.retrieveAll(Account.self) }
        guard case .foreignHost(let url, let request)? = error else {
            Issue.record("expected foreignHost, got \(String(describing: error))")
            return
        }
        #expect(url == "https://attacker.example/api/data/v9.2/accounts?$skiptoken=2")
        #expect(request == "GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts")
        #expect(transport.requests.count == 1)
        #expect(transport.requests.allSatisfy { $0.url.host == "contoso.crm.dynamics.com" })
    }

    @Test func aNextLinkToAnotherPortOrSchemeIsRefused() async throws {
        for link in [
            "https://contoso.crm.dynamics.com:8443/api/data/v9.2/accounts?$skiptoken=2",
            "http://contoso.crm.dynamics.com/api/data/v9.2/accounts?$skiptoken=2",
        ] {
            let transport = ScriptedTransport(
                .json(#"{"value":[],"@odata.nextLink":"\#(link)"}"#),
                .payload("dataverse-accounts-page2")
            )
            let client = TestClients.dataverse(transport, authentication: Self.token)
            await #expect(throws: ODataClientError.self) { try await client.retrieveAll(Account.self) }
            #expect(transport.requests.count == 1)
        }
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let transport = ScriptedTransport(
            .status(302, headers: ["Location": "https://login.attacker.example/collect"]),
            .payload("dataverse-account")
        )
        let client = TestClients.dataverse(
            transport,
            authentication: Self.token,
            retryPolicy: RecordedDelays().policy()
        )

        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        guard case .redirected(let status, let location, let request)? = error else {
            Issue.record("expected redirected, got \(String(describing: error))")
            return
        }
        #expect(status == 302)
        #expect(location == "https://login.attacker.example/collect")
        #expect(
            request
                == "GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)"
        )
        #expect(transport.requests.count == 1)
    }

    @Test func plainHTTPToAnotherHostIsRefused() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = ODataClient(
            .init(
                serviceRoot: URL(string: "http://crm.contoso.example/api/data/v9.2/")!,
                authentication: Self.token,
                transport: transport,
                registry: TestClients.dataverseRegistry
            )
        )
        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        guard case .insecureURL(let url)? = error else {
            Issue.record("expected insecureURL, got \(String(describing: error))")
            return
        }
        #expect(url == "http://crm.contoso.example/api/data/v9.2/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)")
        #expect(transport.requests.isEmpty)
    }

    @Test func aHostNameThatOnlyLooksLikeLoopbackIsNotThisMachine() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = ODataClient(
            .init(
                serviceRoot: URL(string: "http://127.0.0.1.attacker.example/api/")!,
                authentication: Self.token,
                transport: transport,
                registry: TestClients.dataverseRegistry
            )
        )
        await #expect(throws: ODataClientError.self) { try await client.retrieve(Account.self, id: IDs.account) }
        #expect(transport.requests.isEmpty)
    }

    @Test func plainHTTPIsAllowedWhenAskedFor() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = ODataClient(
            .init(
                serviceRoot: URL(string: "http://crm.contoso.example/api/data/v9.2/")!,
                authentication: Self.token,
                transport: transport,
                allowsInsecureHTTP: true,
                registry: TestClients.dataverseRegistry
            )
        )
        let account = try await client.retrieve(Account.self, id: IDs.account)
        #expect(account.name == "Fourth Coffee")
        #expect(transport.requests.first?[header: "Authorization"] == "Bearer secret-access-token")
    }

    @Test(arguments: ["http://localhost:5000/odata/", "http://127.0.0.1:8080/api/data/v9.2/", "http://[::1]:8080/api/"])
    func plainHTTPToThisMachineIsAllowed(root: String) async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = ODataClient(
            .init(serviceRoot: URL(string: root)!, transport: transport, registry: TestClients.dataverseRegistry)
        )
        _ = try await client.retrieve(Account.self, id: IDs.account)
        #expect(transport.requests.first?.url.absoluteString.hasPrefix(root) == true)
    }
}
