import Foundation
import Testing

@testable import ServiceAccess

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which challenge gets a Windows credential: NTLM and Negotiate of the origin it is bound to (Negotiate giving way to
/// NTLM when the 401 offers both), never a proxy, another host, port or scheme, nor a second time after a refusal —
/// with synthetic challenges, as URLSession would raise them (on Apple platforms; FoundationNetworking raises none, see
/// `theDelegateAnswersWhereURLSessionCan`).
struct WindowsChallengeTests {
    private final class Sender: NSObject, URLAuthenticationChallengeSender {
        func use(_ credential: URLCredential, for challenge: URLAuthenticationChallenge) {}
        func continueWithoutCredential(for challenge: URLAuthenticationChallenge) {}
        func cancel(_ challenge: URLAuthenticationChallenge) {}
        func performDefaultHandling(for challenge: URLAuthenticationChallenge) {}
        func rejectProtectionSpaceAndContinue(with challenge: URLAuthenticationChallenge) {}
    }

    private static let ntlm = NSURLAuthenticationMethodNTLM
    private static let negotiate = NSURLAuthenticationMethodNegotiate
    private static let credential = WindowsCredential(user: "CONTOSO\\ada", password: "s3cret-Pa55")
    private static let root = URL(string: "https://crm.contoso.example/Contoso/")!

    private func challenge(
        _ method: String,
        host: String = "crm.contoso.example",
        port: Int = 443,
        scheme: String = "https",
        proxy: Bool = false,
        failures: Int = 0,
        offers: String = "Negotiate, NTLM"
    ) -> URLAuthenticationChallenge {
        let space =
            proxy
            ? URLProtectionSpace(proxyHost: host, port: port, type: scheme, realm: nil, authenticationMethod: method)
            : URLProtectionSpace(host: host, port: port, protocol: scheme, realm: nil, authenticationMethod: method)
        let response = HTTPURLResponse(
            url: URL(string: "\(scheme)://\(host):\(port)/")!,
            statusCode: 401,
            httpVersion: nil,
            headerFields: ["WWW-Authenticate": offers]
        )
        return URLAuthenticationChallenge(
            protectionSpace: space,
            proposedCredential: nil,
            previousFailureCount: failures,
            failureResponse: response,
            error: nil,
            sender: Sender()
        )
    }

    private func answer(_ challenge: URLAuthenticationChallenge) -> URLCredential? {
        let bound = [WindowsOrigin(Self.root)!: Self.credential]
        guard case .credential(let credential)? = WindowsChallenge.answer(challenge, from: bound) else { return nil }
        return credential
    }

    @Test func ntlmAndNegotiateOfTheBoundOriginGetTheCredential() throws {
        for offered in [challenge(Self.ntlm), challenge(Self.negotiate, offers: "Negotiate")] {
            let credential = try #require(answer(offered))
            #expect(credential.user == "CONTOSO\\ada")
            #expect(credential.password == "s3cret-Pa55")
            #expect(credential.persistence == .forSession)
        }
        // Host names compare without case; 443 is https's port whether the URL says it or not.
        #expect(answer(challenge(Self.ntlm, host: "CRM.Contoso.Example")) != nil)
    }

    /// Apple's URLSession raises Negotiate first and counts the failures of every method together: where the 401
    /// offers NTLM as well, Negotiate is rejected for it, so that the password is tried once, with NTLM (which IIS
    /// accepts without Kerberos).
    @Test func negotiateGivesWayToNTLMWhenBothAreOffered() {
        let bound = [WindowsOrigin(Self.root)!: Self.credential]
        #expect(WindowsChallenge.answer(challenge(Self.negotiate), from: bound) == .preferNTLM)
        #expect(
            WindowsChallenge.answer(challenge(Self.negotiate, offers: "NTLM, Negotiate"), from: bound) == .preferNTLM
        )
        #expect(answer(challenge(Self.negotiate, offers: "Negotiate")) != nil)
        #expect(WindowsChallenge.answer(challenge(Self.negotiate, host: "evil.example"), from: bound) == nil)
    }

    @Test func nothingElseGetsIt() {
        #expect(answer(challenge(NSURLAuthenticationMethodHTTPBasic)) == nil)
        #expect(answer(challenge(NSURLAuthenticationMethodHTTPDigest)) == nil)
        #expect(answer(challenge(NSURLAuthenticationMethodDefault)) == nil)
        #expect(answer(challenge(Self.ntlm, host: "evil.example")) == nil)
        #expect(answer(challenge(Self.ntlm, host: "contoso.example")) == nil)
        #expect(answer(challenge(Self.ntlm, port: 8443)) == nil)
        #expect(answer(challenge(Self.ntlm, port: 80, scheme: "http")) == nil)
        #expect(answer(challenge(Self.negotiate, proxy: true)) == nil)
        // A refused password is not sent again (each try counts toward the account's lockout).
        #expect(answer(challenge(Self.ntlm, failures: 1)) == nil)
        #expect(answer(challenge(Self.negotiate, failures: 2)) == nil)
        // Nothing bound, nothing answered.
        #expect(WindowsChallenge.answer(challenge(Self.ntlm), from: [:]) == nil)
    }

    @Test func plainHTTPGetsItOnlyWhereTheRequestWentThatWay() {
        // The client decides whether http may carry credentials at all (https, this machine, allowsInsecureHTTP);
        // the credential then answers challenges of that origin only.
        let loopback = URL(string: "http://127.0.0.1:8080/odata/")!
        let bound = [WindowsOrigin(loopback)!: Self.credential]
        let local = challenge(Self.ntlm, host: "127.0.0.1", port: 8080, scheme: "http")
        #expect(WindowsChallenge.answer(local, from: bound) != nil)
        let secure = challenge(Self.ntlm, host: "127.0.0.1", port: 8080, scheme: "https")
        #expect(WindowsChallenge.answer(secure, from: bound) == nil)
    }

    @Test func aSessionSignsInOneUserPerOrigin() {
        let delegate = ServiceSessionDelegate()
        #expect(delegate.bindWindowsCredential(Self.credential, to: Self.root))
        #expect(delegate.bindWindowsCredential(Self.credential, to: Self.root.appendingPathComponent("api/data/")))
        let other = WindowsCredential(user: "CONTOSO\\bob", password: "another")
        #expect(!delegate.bindWindowsCredential(other, to: Self.root))
        let newPassword = WindowsCredential(user: "CONTOSO\\ada", password: "changed")
        #expect(!delegate.bindWindowsCredential(newPassword, to: URL(string: "https://CRM.contoso.example:443/x")!))
        #expect(delegate.bindWindowsCredential(other, to: URL(string: "https://crm.fabrikam.example/")!))
        #expect(delegate.bindWindowsCredential(other, to: URL(string: "https://crm.contoso.example:8443/")!))
    }

    /// Apple's URLSession brings NTLM and Negotiate challenges to the session-level method (the task-level one where a
    /// delegate has none). FoundationNetworking never raises them, and answering one of a method other than Basic with
    /// a credential would stop the process there, so on Linux the delegate keeps today's answers.
    @Test func theDelegateAnswersWhereURLSessionCan() async {
        let delegate = ServiceSessionDelegate()
        #expect(delegate.bindWindowsCredential(Self.credential, to: Self.root))
        let session = URLSession(configuration: .ephemeral)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: Self.root)
        let ntlm = challenge(Self.ntlm)
        let atSession = await withCheckedContinuation { continuation in
            delegate.urlSession(session, didReceive: ntlm) { continuation.resume(returning: ($0, $1?.user)) }
        }
        let negotiate = await withCheckedContinuation { continuation in
            delegate.urlSession(session, didReceive: challenge(Self.negotiate)) {
                continuation.resume(returning: ($0, $1?.user))
            }
        }
        let atTask = await withCheckedContinuation { continuation in
            delegate.urlSession(session, task: task, didReceive: ntlm) {
                continuation.resume(returning: ($0, $1?.user))
            }
        }
        if ServiceSessionDelegate.answersWindowsChallenges {
            #expect(atSession.0 == .useCredential && atSession.1 == "CONTOSO\\ada")
            #expect(atTask.0 == .useCredential && atTask.1 == "CONTOSO\\ada")
            #expect(negotiate.0 == .rejectProtectionSpace && negotiate.1 == nil)
        } else {
            #expect(atSession.0 == .performDefaultHandling && atSession.1 == nil)
            #expect(negotiate.0 == .performDefaultHandling && negotiate.1 == nil)
            #expect(atTask.0 == .cancelAuthenticationChallenge && atTask.1 == nil)
            #expect(delegate.challengedResponse(of: task.taskIdentifier)?.statusCode == 401)
        }
        // Another host's challenge, or a second one after a refusal, never gets the credential.
        for other in [challenge(Self.ntlm, host: "evil.example"), challenge(Self.negotiate, failures: 1)] {
            let disposition = await withCheckedContinuation { continuation in
                delegate.urlSession(session, didReceive: other) { disposition, _ in
                    continuation.resume(returning: disposition)
                }
            }
            #expect(disposition == .performDefaultHandling)
        }
    }

    @Test func theCredentialNeverShowsItsPassword() {
        var dumped = ""
        dump(Self.credential, to: &dumped)
        for text in ["\(Self.credential)", String(reflecting: Self.credential), dumped] {
            #expect(text.contains("CONTOSO\\ada"))
            #expect(!text.contains("s3cret"))
        }
    }

    @Test func aChallengeOffersWindowsAuthentication() {
        #expect(WindowsChallenge.isOffered(in: "Negotiate, NTLM"))
        #expect(WindowsChallenge.isOffered(in: "NTLM"))
        #expect(WindowsChallenge.isOffered(in: "Basic realm=\"x\", negotiate"))
        #expect(WindowsChallenge.isOffered(in: "NTLM TlRMTVNTUAACAAAA"))
        #expect(!WindowsChallenge.isOffered(in: "Basic realm=\"NTLM\""))
        #expect(!WindowsChallenge.isOffered(in: "Bearer realm=\"x\", error=\"invalid_token\""))
        #expect(!WindowsChallenge.isOffered(in: nil))
    }
}
