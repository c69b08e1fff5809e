import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Dropped connections: a GET is sent again, paging stops with what it has, and a POST is never repeated.
struct ConnectionDropTests {
    @Test func aDroppedPageIsFetchedAgainWithoutDuplicates() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(
            .payload("dataverse-accounts-page1"),
            .connectionLost,
            .payload("dataverse-accounts-page2")
        )
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy(initialDelay: 1))
        let accounts = try await client.retrieveAll(Account.self, query: ODataQuery(select: ["name"]))

        let ids = accounts.compactMap(\.recordId)
        #expect(ids.count == 4)
        #expect(Set(ids).count == 4)
        #expect(transport.requests.count == 3)
        #expect(transport.requests[1].url == transport.requests[2].url)
        #expect(delays.recorded == [1])
    }

    @Test func pagingThatKeepsFailingSaysHowFarItGot() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(
            .payload("dataverse-accounts-page1"),
            .connectionLost,
            .connectionLost,
            .connectionLost,
            .payload("dataverse-accounts-page2")
        )
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy(maximumRetries: 2, initialDelay: 1))

        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieveAll(Account.self, query: ODataQuery(select: ["name"]))
        }
        guard case .pagingInterrupted(let count, let nextLink, let underlying)? = error else {
            Issue.record("expected pagingInterrupted, got \(String(describing: error))")
            return
        }
        #expect(count == 2)
        #expect(nextLink == transport.requests.last?.url.absoluteString)
        #expect(nextLink.contains("$skiptoken="))
        #expect((underlying as? URLError)?.code == .networkConnectionLost)
        // The first page, then the second page three times (two retries); never the page after.
        #expect(transport.requests.count == 4)
        #expect(Set(transport.requests.dropFirst().map(\.url)).count == 1)
        #expect(delays.recorded == [1, 2])
    }

    @Test func aDroppedCreateIsNotSentAgain() async throws {
        let delays = RecordedDelays()
        let created = "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7d4814f9-b0b8-ea11-a812-000d3a122b89)"
        let transport = ScriptedTransport(.connectionLost, .status(204, headers: ["OData-EntityId": created]))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let account = Account()
        account.name = "Blue Yonder Airlines"

        let error = await #expect(throws: URLError.self) { try await client.create(account) }
        #expect(error?.code == .networkConnectionLost)
        #expect(transport.requests.count == 1)
        #expect(delays.recorded.isEmpty)
        #expect(account.recordId == nil)
        #expect(account.changedAttributeNames == ["name"])
    }

    @Test func aDroppedUpdateIsSentAgain() async throws {
        // PATCH with If-Match is idempotent.
        let delays = RecordedDelays()
        let transport = ScriptedTransport(.connectionLost, .status(204))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let account = Account()
        account.accountId = IDs.account
        account.acceptChanges()
        account.name = "Fourth Coffee Roasters"
        try await client.update(account)
        #expect(transport.requests.map(\.method) == ["PATCH", "PATCH"])
        #expect(delays.recorded.count == 1)
    }

    @Test func otherTransportErrorsAreNotRetried() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(
            .failure(URLError(.serverCertificateUntrusted)),
            .payload("dataverse-account")
        )
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let error = await #expect(throws: URLError.self) { try await client.retrieve(Account.self, id: IDs.account) }
        #expect(error?.code == .serverCertificateUntrusted)
        #expect(transport.requests.count == 1)
    }
}
