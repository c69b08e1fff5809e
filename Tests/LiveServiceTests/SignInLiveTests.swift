import Foundation
import MobileSdk
import MobileSdkClient
import Testing

/// The client against a real server that asks for sign-in (`WWW-Authenticate`), as Dataverse and SAP do.
@Suite(.enabled(if: LiveServers.secured != nil || LiveServers.required, LiveServers.skipMessage)) struct SignInLiveTests
{
    /// A refused token is a 401 error after one refresh, not a hang: FoundationNetworking waits forever on a 401 with
    /// a challenge unless the session's delegate answers it.
    @Test(.timeLimit(.minutes(1))) func aRefusedTokenIsAnErrorAfterOneRefresh() async throws {
        let root = try #require(LiveServers.secured, LiveServers.skipMessage)
        let refreshes = Counter()
        let authentication = BearerTokenAuthentication { refresh in
            if refresh { refreshes.increment() }
            return "not-the-token"
        }
        let client = ODataClient(ODataClient.Configuration(serviceRoot: root, authentication: authentication))
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieveAll(Entity.self, entitySet: "People", logicalName: "Person")
        }
        #expect(error?.statusCode == 401)
        #expect(refreshes.value == 1)
    }
}

/// A count shared with a `@Sendable` closure.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
