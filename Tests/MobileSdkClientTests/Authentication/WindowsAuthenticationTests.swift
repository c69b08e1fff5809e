import DataverseModel
import Foundation
import MobileSdk
import MobileSdkTesting
import Testing

@testable import MobileSdkClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `WindowsAuthentication` hands its credential to the transport, never to the header fields; a refused password is
/// not tried again; a transport signs in one user per host; the password shows nowhere. (The handshake itself is
/// URLSession's: WindowsAuthenticationLiveTests, and ServiceAccessTests' WindowsChallengeTests for its challenges.)
struct WindowsAuthenticationTests {
    private static let password = "s3cret-Pa55"
    private static let authentication = WindowsAuthentication(user: "ada", password: password, domain: "CONTOSO")

    @Test func theCredentialGoesToTheTransportNotToTheHeaders() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        _ = try await TestClients.dataverse(transport, authentication: Self.authentication)
            .retrieve(Account.self, id: IDs.account)
        let request = try #require(transport.requests.first)
        #expect(request.windowsCredential?.user == "CONTOSO\\ada")
        #expect(request.windowsCredential == Self.authentication.credential)
        #expect(request[header: "Authorization"] == nil)
        #expect(!request.headerFields.contains { $0.value.contains(Self.password) })
    }

    @Test func userNames() {
        #expect(Self.authentication.user == "CONTOSO\\ada")
        #expect(WindowsAuthentication(user: "CONTOSO\\ada", password: "p").user == "CONTOSO\\ada")
        #expect(WindowsAuthentication(user: "ada@contoso.com", password: "p", domain: " ").user == "ada@contoso.com")
        let credential = URLCredential(user: "CONTOSO\\ada", password: Self.password, persistence: .none)
        let fromCredential = WindowsAuthentication(credential: credential)
        #expect(fromCredential.user == "CONTOSO\\ada")
        #expect(fromCredential.credential == Self.authentication.credential)
    }

    @Test func aRefusedPasswordIsNotTriedAgain() async throws {
        let refusal = HTTPResponse(statusCode: 401, headerFields: ["WWW-Authenticate": "Negotiate, NTLM"])
        let transport = ScriptedTransport(.response(refusal), .response(refusal))
        let client = TestClients.dataverse(transport, authentication: Self.authentication)
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.reason == .unauthorized)
        #expect(transport.requests.count == 1)
        for text in [error.map { "\($0)" }, error?.localizedDescription] {
            #expect(text?.contains(Self.password) == false)
        }
    }

    @Test func aTransportSignsInOneUserPerHost() async throws {
        let transport = URLSessionTransport()
        let root = TestClients.dataverseRoot
        var ada = HTTPRequest(method: "GET", url: root.appendingPathComponent("accounts"))
        try await Self.authentication.authenticate(&ada, refresh: false)
        try transport.bindWindowsCredential(of: ada)
        try transport.bindWindowsCredential(of: ada)
        var bob = HTTPRequest(method: "GET", url: root.appendingPathComponent("contacts"))
        try await WindowsAuthentication(user: "bob", password: "other", domain: "CONTOSO")
            .authenticate(&bob, refresh: false)
        // Refused before anything is sent: the host is not even looked up.
        let error = await #expect(throws: ODataClientError.self) { try await transport.send(bob) }
        guard case .windowsAuthenticationUnavailable(.anotherUserSignedIn, let request)? = error else {
            Issue.record("expected anotherUserSignedIn, got \(String(describing: error))")
            return
        }
        #expect(request == bob.summary)
        #expect(
            error?.localizedDescription
                == "The app is already signed in to contoso.crm.dynamics.com as another Windows user."
        )
    }

    /// Where URLSession cannot answer NTLM or Negotiate (FoundationNetworking), a 401 asking for them is an error that
    /// says so, rather than a refused sign-in; on Apple platforms such a 401 means the password was refused.
    @Test func aChallengeThisPlatformCannotAnswerIsNamed() async throws {
        var request = HTTPRequest(method: "GET", url: TestClients.dataverseRoot)
        try await Self.authentication.authenticate(&request, refresh: false)
        let windows = HTTPResponse(statusCode: 401, headerFields: ["WWW-Authenticate": "Negotiate, NTLM"])
        #if canImport(FoundationNetworking)
        let error = #expect(throws: ODataClientError.self) {
            _ = try URLSessionTransport.checkWindowsAnswer(windows, to: request)
        }
        guard case .windowsAuthenticationUnavailable(.unsupportedPlatform, let failed)? = error else {
            Issue.record("expected unsupportedPlatform, got \(String(describing: error))")
            return
        }
        #expect(failed == request.summary)
        #else
        #expect(try URLSessionTransport.checkWindowsAnswer(windows, to: request).statusCode == 401)
        #endif
        // Not a Windows challenge, or a request without a Windows credential: the response as it is.
        let basic = HTTPResponse(statusCode: 401, headerFields: ["WWW-Authenticate": "Basic realm=\"crm\""])
        #expect(try URLSessionTransport.checkWindowsAnswer(basic, to: request).statusCode == 401)
        let anonymous = HTTPRequest(method: "GET", url: TestClients.dataverseRoot)
        #expect(try URLSessionTransport.checkWindowsAnswer(windows, to: anonymous).statusCode == 401)
    }

    @Test func thePasswordShowsNowhere() async throws {
        var request = HTTPRequest(method: "GET", url: TestClients.dataverseRoot)
        try await Self.authentication.authenticate(&request, refresh: false)
        var texts = ["\(Self.authentication)", String(reflecting: Self.authentication), "\(request)"]
        texts.append(String(reflecting: request))
        for value in [Self.authentication as Any, request as Any] {
            var dumped = ""
            dump(value, to: &dumped)
            texts.append(dumped)
        }
        for text in texts { #expect(!text.contains(Self.password), "\(text)") }
        #expect("\(Self.authentication)" == "WindowsAuthentication(user: CONTOSO\\ada)")
    }
}
