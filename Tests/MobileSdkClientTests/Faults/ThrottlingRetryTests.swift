import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// 429 and 503: retried after `Retry-After` (or a doubling back-off), at most `maximumRetries` times, never waiting
/// longer than `maximumDelay`.
struct ThrottlingRetryTests {
    private static let throttled = ScriptedTransport.Reply.payload(
        "dataverse-error-throttled",
        status: 429,
        headers: ["Retry-After": "2"]
    )

    @Test func aThrottledRequestIsRetriedAfterRetryAfter() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(Self.throttled, Self.throttled, .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let account = try await client.retrieve(Account.self, id: IDs.account)

        #expect(account.name == "Fourth Coffee")
        #expect(delays.recorded == [2, 2])
        #expect(transport.requests.count == 3)
        #expect(Set(transport.requests.map(\.url)).count == 1)
    }

    @Test func givesUpAfterMaximumRetriesWithTheServicesError() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport()
        transport.route("GET", "/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)", repeatsLast: true, Self.throttled)
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy(maximumRetries: 3))

        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 429)
        #expect(error?.code == "0x80072321")
        #expect(error?.retryAfter == 2)
        #expect(
            error?.request
                == "GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)"
        )
        #expect(delays.recorded == [2, 2, 2])
        #expect(transport.requests.count == 4)
    }

    @Test func aRetryAfterLongerThanMaximumDelayIsNotWaited() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(
            .payload("dataverse-error-throttled", status: 429, headers: ["Retry-After": "300"]),
            .payload("dataverse-account")
        )
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy(maximumDelay: 60))

        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 429)
        #expect(error?.retryAfter == 300)
        #expect(delays.recorded.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func unavailableBacksOffDoublingWithoutRetryAfter() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport()
        transport.route("GET", "/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)", repeatsLast: true, .status(503))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy(maximumRetries: 3, initialDelay: 0.5))

        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 503)
        #expect(error?.message == "Service Unavailable")
        #expect(delays.recorded == [0.5, 1, 2])
        #expect(transport.requests.count == 4)
    }

    @Test func unavailableWithRetryAfterThenSuccess() async throws {
        let delays = RecordedDelays()
        let transport = ScriptedTransport(.status(503, headers: ["Retry-After": "5"]), .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        _ = try await client.retrieve(Account.self, id: IDs.account)
        #expect(delays.recorded == [5])
        #expect(transport.requests.count == 2)
    }

    @Test func aThrottledCreateIsSentAgain() async throws {
        // 429 means the service did not run the request, so even a POST may go again.
        let delays = RecordedDelays()
        let created = "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7d4814f9-b0b8-ea11-a812-000d3a122b89)"
        let transport = ScriptedTransport(Self.throttled, .status(204, headers: ["OData-EntityId": created]))
        let client = TestClients.dataverse(transport, retryPolicy: delays.policy())
        let account = Account()
        account.name = "Blue Yonder Airlines"
        let location = try await client.create(account)
        #expect(location.id == IDs.fourthAccount)
        #expect(transport.requests.map(\.method) == ["POST", "POST"])
        #expect(transport.requests[0].body == transport.requests[1].body)
    }

    @Test func withoutRetriesTheFirstThrottleFails() async throws {
        let transport = ScriptedTransport(Self.throttled, .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, retryPolicy: .none)
        await #expect(throws: ODataServiceError.self) { try await client.retrieve(Account.self, id: IDs.account) }
        #expect(transport.requests.count == 1)
    }
}
