import Foundation
import Synchronization
import Testing

@testable import MobileSdkClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate cancels a request's 401 challenge (the client answers it) but leaves the connection's own
/// challenges — the server's certificate, a client certificate — to the system or to the app's handler: a session
/// without a session-level handler brings them to the task-level one, and cancelling them would fail every request.
struct ConnectionChallengeTests {
    private final class Sender: NSObject, URLAuthenticationChallengeSender {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    private func challenge(_ method: String, failing status: Int? = nil) -> URLAuthenticationChallenge {
        let space = URLProtectionSpace(
            host: "contoso.example",
            port: 443,
            protocol: "https",
            realm: nil,
            authenticationMethod: method
        )
        let response = status.flatMap {
            HTTPURLResponse(url: URL(fileURLWithPath: "/"), statusCode: $0, httpVersion: nil, headerFields: nil)
        }
        return URLAuthenticationChallenge(
            protectionSpace: space,
            proposedCredential: nil,
            previousFailureCount: 0,
            failureResponse: response,
            error: nil,
            sender: Sender()
        )
    }

    /// How the transport's delegate answers `challenge` at the task level.
    private func answer(_ transport: URLSessionTransport, _ challenge: URLAuthenticationChallenge) async
        -> URLSession.AuthChallengeDisposition
    {
        let task = transport.session.dataTask(with: URL(fileURLWithPath: "/"))
        return await withCheckedContinuation { continuation in
            transport.delegate.urlSession(transport.session, task: task, didReceive: challenge) { disposition, _ in
                continuation.resume(returning: disposition)
            }
        }
    }

    @Test func theConnectionsChallengesGoToTheSystemOrTheApp() async {
        let plain = URLSessionTransport()
        #expect(await answer(plain, challenge("NSURLAuthenticationMethodServerTrust")) == .performDefaultHandling)
        #expect(await answer(plain, challenge("NSURLAuthenticationMethodClientCertificate")) == .performDefaultHandling)

        let asked = Mutex<[String]>([])
        let pinned = URLSessionTransport(configuration: .ephemeral) { challenge in
            asked.withLock { $0.append(challenge.protectionSpace.authenticationMethod) }
            return (.cancelAuthenticationChallenge, nil)
        }
        #expect(
            await answer(pinned, challenge("NSURLAuthenticationMethodServerTrust")) == .cancelAuthenticationChallenge
        )
        #expect(asked.withLock { $0 } == ["NSURLAuthenticationMethodServerTrust"])
    }

    @Test func aRequestsChallengeIsCancelledForTheClientToAnswer() async {
        let transport = URLSessionTransport(configuration: .default) { _ in (.performDefaultHandling, nil) }
        let basic = challenge("NSURLAuthenticationMethodHTTPBasic", failing: 401)
        #expect(await answer(transport, basic) == .cancelAuthenticationChallenge)
    }
}
