import Foundation
import MobileSdk
import MobileSdkClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's sign-in end to end against Authlib's authorization server on loopback: the authorization-code grant with
/// PKCE (S256, which the server requires) through ``LoopbackPresenter`` and a stand-in browser, the tokens kept by a
/// ``FileTokenStore`` across a restart, a rotated refresh token stored at once, a refused one ending the sign-in, a
/// user declining, and sign-out. The protected resource is the server's `odata/$metadata`, behind its bearer tokens.
@Suite(.enabled(if: LiveServers.oauth != nil || LiveServers.required, LiveServers.skipMessage), .serialized)
struct UserSignInLiveTests {
    private let server: URL
    private let clientID: String
    private let folder: URL

    init() throws {
        server = try #require(LiveServers.oauth, LiveServers.skipMessage)
        clientID = try #require(LiveServers.oauthAppClientId, LiveServers.skipMessage)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "UserSignInLiveTests-" + UUID().uuidString
        )
    }

    private var store: FileTokenStore { FileTokenStore(file: folder.appendingPathComponent("tokens.json")) }

    private func signIn(_ store: FileTokenStore) -> UserSignIn {
        UserSignIn(
            .init(
                authorizationEndpoint: server.appendingPathComponent("oauth/authorize"),
                tokenEndpoint: server.appendingPathComponent("oauth/token"),
                clientID: clientID,
                redirectURI: URL(string: "http://127.0.0.1/callback")!,
                scopes: ["odata", "offline_access"]
            ),
            store: store
        )
    }

    /// The user's browser: opens the sign-in page (which signs the test user in and redirects at once) and follows the
    /// redirect to the app's loopback listener.
    private var browser: LoopbackPresenter {
        LoopbackPresenter(timeout: 50) { url in
            let page = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url))
            guard page.statusCode == 302, let location = page[header: "Location"], let redirect = URL(string: location)
            else { throw URLError(.badServerResponse) }
            // The listener answers the browser on its own; its page is not needed here.
            Task.detached { _ = try? await URLSession.shared.data(from: redirect) }
        }
    }

    /// `GET odata/$metadata` through a client authenticated by `signIn`: its status.
    private func protectedStatus(_ signIn: UserSignIn) async throws -> Int {
        let client = ODataClient(
            ODataClient.Configuration(serviceRoot: server.appendingPathComponent("odata/"), authentication: signIn)
        )
        let request = HTTPRequest(method: "GET", url: server.appendingPathComponent("odata/$metadata"))
        return try await client.send(request).statusCode
    }

    @Test(.timeLimit(.minutes(1))) func aUserSignsInAndStaysSignedInAcrossARestart() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = signIn(store)
        #expect(try await first.isSignedIn == false)
        await #expect(throws: SignInError.signInRequired) { try await protectedStatus(first) }

        try await first.signIn(using: browser)
        #expect(try await protectedStatus(first) == 200)
        let stored = try #require(try await store.load())
        #expect(stored.refreshToken != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600, "the token file is the owner's alone")

        // A new launch: the stored tokens are enough.
        let relaunched = signIn(store)
        #expect(try await relaunched.isSignedIn)
        #expect(try await protectedStatus(relaunched) == 200)
    }

    @Test(.timeLimit(.minutes(1))) func aRotatedRefreshTokenIsStoredAndTheOldOneEndsTheSignIn() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = signIn(store)
        try await session.signIn(using: browser)
        let before = try #require(try await store.load())
        // An old copy of the tokens, as a second device or a restored backup would hold them.
        let stale = FileTokenStore(file: folder.appendingPathComponent("stale.json"))
        try await stale.save(before)

        var request = HTTPRequest(method: "GET", url: server.appendingPathComponent("odata/$metadata"))
        try await session.authenticate(&request, refresh: true)
        let after = try #require(try await store.load())
        #expect(
            after.refreshToken != before.refreshToken,
            "the server rotates refresh tokens; the new one is stored at once"
        )
        #expect(after.accessToken != before.accessToken)
        #expect(request[header: "Authorization"] == "Bearer " + after.accessToken)

        let staleSession = signIn(stale)
        var refused = HTTPRequest(method: "GET", url: server)
        await #expect(throws: SignInError.signInRequired) {
            try await staleSession.authenticate(&refused, refresh: true)
        }
        #expect(try await stale.load() == nil, "a refused refresh token is forgotten")
    }

    @Test(.timeLimit(.minutes(1))) func aUserWhoDeclinesGetsTheServersRefusal() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var deny = URLRequest(url: server.appendingPathComponent("oauth/deny-next"))
        deny.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: deny)

        await #expect { try await signIn(store).signIn(using: browser) } throws: { error in
            guard case .refused(let code, let description)? = error as? SignInError else { return false }
            // Form-decoded: spaces, not '+'.
            return code == "access_denied" && description?.contains("denied the request") == true
        }
        #expect(try await store.load() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func signingOutForgetsTheTokens() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = signIn(store)
        try await session.signIn(using: browser)
        try await session.signOut()
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
        #expect(try await session.isSignedIn == false)
        await #expect(throws: SignInError.signInRequired) { try await protectedStatus(session) }
    }

    /// After a sign-out, the next sign-in asks for the account: the browser still holds its session with the
    /// authorization server, which lets a second sign-in through silently, but the one after `signOut()` carries
    /// `prompt=select_account` and gets the server's account page, where the user picks an account.
    @Test(.timeLimit(.minutes(1))) func theSignInAfterASignOutAsksForTheAccountAgain() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let browser = SessionBrowser()
        let session = signIn(store)
        try await session.signIn(using: browser.presenter)
        #expect(await browser.pagesShown == 0, "a browser without a session signs the test user in at once")

        // Another sign-in with the browser's session: let through without a page, as the server does for a known user.
        let other = signIn(FileTokenStore(file: folder.appendingPathComponent("other.json")))
        try await other.signIn(using: browser.presenter)
        #expect(await browser.pagesShown == 0)
        #expect(await browser.prompts == [nil, nil])

        try await session.signOut()
        try await session.signIn(using: browser.presenter)
        #expect(await browser.prompts.last == "select_account")
        #expect(await browser.pagesShown == 1, "the account page was shown and the user picked an account")
        #expect(try await protectedStatus(session) == 200)
    }
}

/// A stand-in browser that keeps the authorization server's session cookie, as a real one does between sign-ins; on
/// an account page, it picks the account (posts the page's form) like a user.
private actor SessionBrowser {
    private var cookie: String?
    /// The `prompt` of each authorization request opened.
    private(set) var prompts: [String?] = []
    /// How many account pages were shown.
    private(set) var pagesShown = 0

    nonisolated var presenter: LoopbackPresenter { LoopbackPresenter(timeout: 50) { url in try await self.open(url) } }

    private func open(_ url: URL) async throws {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        prompts.append(query.first { $0.name == "prompt" }?.value)
        var response = try await send(HTTPRequest(method: "GET", url: url))
        if response.statusCode == 200, String(decoding: response.body, as: UTF8.self).contains("Pick an account") {
            pagesShown += 1
            var choice = HTTPRequest(method: "POST", url: url, body: Data("account=test-user".utf8))
            choice[header: "Content-Type"] = "application/x-www-form-urlencoded"
            response = try await send(choice)
        }
        guard response.statusCode == 302, let location = response[header: "Location"],
            let redirect = URL(string: location)
        else { throw URLError(.badServerResponse) }
        Task.detached { _ = try? await URLSession.shared.data(from: redirect) }
    }

    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if let cookie { request[header: "Cookie"] = cookie }
        let response = try await URLSessionTransport().send(request)
        if let setCookie = response[header: "Set-Cookie"], let pair = setCookie.split(separator: ";").first {
            cookie = String(pair)
        }
        return response
    }
}
