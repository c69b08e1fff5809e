import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// 401: the client asks the authentication provider once more with `refresh`, then gives up with the service's error.
struct UnauthorizedTests {
    private static let unauthorized = ScriptedTransport.Reply.json(
        #"{"error":{"code":"","message":"Bearer token expired"}}"#,
        status: 401,
        headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""]
    )

    @Test func aRefusedTokenIsRefreshedOnce() async throws {
        let tokens = TokenSource()
        let transport = ScriptedTransport(Self.unauthorized, .payload("dataverse-account"))
        let client = TestClients.dataverse(transport, authentication: tokens.authentication)
        let account = try await client.retrieve(Account.self, id: IDs.account)

        #expect(account.name == "Fourth Coffee")
        #expect(tokens.requests == [false, true])
        #expect(
            transport.requests.map { $0[header: "Authorization"] } == [
                "Bearer secret-token-1", "Bearer secret-token-2",
            ]
        )
    }

    @Test func aSecondRefusalGivesUp() async throws {
        let tokens = TokenSource()
        let transport = ScriptedTransport(Self.unauthorized, Self.unauthorized, .payload("dataverse-account"))
        let client = TestClients.dataverse(
            transport,
            authentication: tokens.authentication,
            retryPolicy: RecordedDelays().policy()
        )

        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 401)
        #expect(error?.message == "Bearer token expired")
        #expect(tokens.requests == [false, true])
        #expect(transport.requests.count == 2)
    }

    @Test func onlyTheRequestAfterTheRefusalRefreshes() async throws {
        // A 401, then a throttle: the retry after the throttle uses the refreshed token as it is.
        let tokens = TokenSource()
        let delays = RecordedDelays()
        let transport = ScriptedTransport(
            Self.unauthorized,
            .status(429, headers: ["Retry-After": "1"]),
            .payload("dataverse-account")
        )
        let client = TestClients.dataverse(
            transport,
            authentication: tokens.authentication,
            retryPolicy: delays.policy()
        )
        _ = try await client.retrieve(Account.self, id: IDs.account)

        #expect(tokens.requests == [false, true, false])
        #expect(delays.recorded == [1])
    }

    @Test func theTokenNeverAppearsInErrors() async throws {
        let tokens = TokenSource()
        let transport = ScriptedTransport(
            Self.unauthorized,
            Self.unauthorized,
            .payload("dataverse-accounts-page1"),
            .connectionLost,
            .status(302, headers: ["Location": "https://elsewhere.example/"]),
            .payload("dataverse-accounts-foreign-next")
        )
        let client = TestClients.dataverse(transport, authentication: tokens.authentication)
        var errors: [any Error] = []
        for operation in [
            { _ = try await client.retrieve(Account.self, id: IDs.account) },
            { _ = try await client.retrieveAll(Account.self) },
            { _ = try await client.retrieve(Account.self, id: IDs.account) },
            { _ = try await client.retrieveAll(Account.self) },
        ] as [() async throws -> Void] {
            do {
                try await operation()
                Issue.record("expected an error")
            } catch { errors.append(error) }
        }
        #expect(errors.count == 4)
        #expect(
            transport.requests.allSatisfy { $0[header: "Authorization"]?.hasPrefix("Bearer secret-token-") == true }
        )
        for error in errors {
            for text in [String(describing: error), String(reflecting: error), "\(error)"] {
                #expect(!text.contains("secret-token"), "\(text)")
            }
        }
    }
}
