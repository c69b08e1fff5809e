import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A host that cannot be reached fails at once, typed, so that an offline-first app carries on with its local data;
/// dropped connections and timeouts are still tried again.
struct UnreachableHostTests {
    /// Nothing listens on port 9 (discard) of this machine: the connection is refused.
    static let nowhere = URL(string: "http://127.0.0.1:9/odata/")!

    /// The default policy's retries, its waits recorded instead of slept: none is asked for (it asked for 1, 2 and
    /// 4 s before). A wall-clock bound would fail when the whole test run is held up; alone this takes 0.05 s.
    @Test func aRefusedConnectionFailsAtOnceWithTheDefaultPolicy() async throws {
        let delays = RecordedDelays()
        var policy = RetryPolicy()
        policy.sleep = { delays.record($0) }
        let client = ODataClient(.init(serviceRoot: Self.nowhere, retryPolicy: policy))
        let error = await #expect(throws: ODataClientError.self) {
            try await client.send(HTTPRequest(method: "GET", url: Self.nowhere.appendingPathComponent("People")))
        }
        #expect(delays.recorded.isEmpty)
        #expect(error?.isUnreachable == true)
        #expect(error?.unreachability == .cannotConnect)
        guard case .unreachable(_, let request)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(request == "GET http://127.0.0.1:9/odata/People")
        #expect(error?.localizedDescription == "The server 127.0.0.1 cannot be reached.")
    }

    @Test(arguments: [
        (URLError.Code.cannotConnectToHost, ODataClientError.Unreachability.cannotConnect),
        (.cannotFindHost, .hostNotFound), (.dnsLookupFailed, .hostNotFound), (.notConnectedToInternet, .offline),
    ]) func unreachableHostsAreNotRetried(code: URLError.Code, reason: ODataClientError.Unreachability) async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(.failure(URLError(code)), .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.unreachability == reason)
        #expect(transport.requests.count == 1)
        #expect(delays.recorded.isEmpty)
    }

    @Test func droppedConnectionsAndTimeoutsAreStillRetried() async throws {
        for code in [URLError.Code.networkConnectionLost, .timedOut] {
            let delays = RecordedDelays()
            let transport = ScriptedTransport(.failure(URLError(code)), .payload("dataverse-account"))
            let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
            _ = try await client.retrieve(Account.self, id: IDs.account)
            #expect(transport.requests.count == 2, "\(code)")
            #expect(delays.recorded == [1], "\(code)")
        }
    }

    @Test func aPolicyMayRetryUnreachableHosts() async throws {
        let delays = RecordedDelays()
        var policy = delays.policy(maximumRetries: 2)
        policy.retriesUnreachable = true
        let transport = ScriptedTransport(
            .failure(URLError(.notConnectedToInternet)),
            .failure(URLError(.notConnectedToInternet)),
            .failure(URLError(.notConnectedToInternet))
        )
        let client = TestClients.dataverse(transport, retryPolicy: policy)
        // A create too: nothing reached the service.
        let error = await #expect(throws: ODataClientError.self) { try await client.create(Account()) }
        #expect(error?.unreachability == .offline)
        #expect(transport.requests.count == 3)
        #expect(delays.recorded == [1, 2])
    }

    @Test func pagingStoppedByAnUnreachableHostIsUnreachable() async throws {
        let transport = ScriptedTransport(
            .payload("dataverse-accounts-page1"),
            .failure(URLError(.notConnectedToInternet))
        )
        let client = TestClients.dataverse(transport, retryPolicy: RecordedDelays().policy())
        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieveAll(Account.self, query: ODataQuery(select: ["name"]))
        }
        guard case .pagingInterrupted(let count, _, _)? = error else {
            Issue.record("expected pagingInterrupted, got \(String(describing: error))")
            return
        }
        #expect(count == 2)
        #expect(error?.isUnreachable == true)
        #expect(
            error?.localizedDescription
                == "Reading stopped after 2 records: The device is not connected to the internet."
        )
    }

    /// Plain http is refused whatever the credentials; without any, the error does not speak of them.
    @Test func plainHTTPWithoutCredentialsSaysNothingOfCredentials() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = ODataClient(
            .init(
                serviceRoot: URL(string: "http://crm.contoso.example/api/data/v9.2/")!,
                authentication: NoAuthentication(),
                transport: transport,
                registry: TestClients.dataverseRegistry
            )
        )
        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        let failure = try #require(error)
        guard case .insecureURL = failure else {
            Issue.record("expected insecureURL, got \(failure)")
            return
        }
        #expect(!failure.description.lowercased().contains("credential"), "\(failure.description)")
        #expect(!failure.localizedDescription.lowercased().contains("credential"), "\(failure.localizedDescription)")
        #expect(failure.description.contains("allowsInsecureHTTP"))
        #expect(
            failure.localizedDescription
                == "The server crm.contoso.example was not contacted, because the connection would not be secure (http)."
        )
        #expect(transport.requests.isEmpty)
    }
}
