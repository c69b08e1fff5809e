import Foundation
@testable import MobileSdkClient
import MobileSdkTesting
import Testing

/// The parts of an app's sign-in that need no authorization server: SHA-256 and PKCE against published vectors, the
/// redirect's checks, one refresh for concurrent requests, and the token file's permissions.
struct UserSignInTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func sha256MatchesTheStandardsVectors() {
        #expect(
            hex(SHA256Digest.portable(Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        )
        #expect(
            hex(SHA256Digest.portable(Data("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
        #expect(
            hex(SHA256Digest.portable(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
        #expect(
            hex(SHA256Digest.portable(Data(repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
        #expect(SHA256Digest.hash(Data("abc".utf8)) == SHA256Digest.portable(Data("abc".utf8)))
    }

    @Test func pkceMatchesRFC7636AppendixB() {
        #expect(
            PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk").challenge
                == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        )
        let fresh = PKCE()
        #expect(fresh.verifier.count == 43)
        #expect(fresh.verifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(PKCE().verifier != fresh.verifier)
    }

    private func signIn(_ transport: ScriptedTransport, store: any TokenStore) -> UserSignIn {
        UserSignIn(
            .init(
                authorizationEndpoint: URL(string: "https://login.example.com/authorize?tenant=contoso")!,
                tokenEndpoint: URL(string: "https://login.example.com/token")!,
                clientID: "app",
                redirectURI: URL(string: "com.example.field://auth")!,
                scopes: ["api", "offline_access"],
                additionalParameters: [URLQueryItem(name: "prompt", value: "select_account")]
            ),
            store: store,
            transport: transport
        )
    }

    /// A presenter that answers with a redirect made from the request's state.
    private struct Redirecting: AuthorizationPresenter {
        let answer: @Sendable (URLComponents) -> String

        func present(_ request: AuthorizationRequest) async throws -> AuthorizationCallback {
            let url = request.url(redirectingTo: request.redirectURI)
            let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: true))
            return AuthorizationCallback(url: URL(string: answer(components))!, redirectURI: request.redirectURI)
        }
    }

    private static func state(_ components: URLComponents) -> String {
        components.queryItems?.first { $0.name == "state" }?.value ?? ""
    }

    @Test func theAuthorizationRequestCarriesTheChallengeAndTheCodeIsRedeemedWithTheVerifier() async throws {
        let transport = ScriptedTransport(
            .json(#"{"access_token":"at-1","refresh_token":"rt-1","expires_in":3600,"token_type":"Bearer"}"#)
        )
        let store = MemoryTokenStore()
        let captured = Captured()
        try await signIn(transport, store: store)
            .signIn(
                using: Redirecting { components in
                    captured.set(components)
                    return "com.example.field://auth?code=c%2B1&state=\(Self.state(components))"
                }
            )

        let sent = try #require(captured.value)
        let query = Dictionary(uniqueKeysWithValues: (sent.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(sent.host == "login.example.com" && query["tenant"] == "contoso", "the endpoint's own query is kept")
        #expect(
            query["response_type"] == "code" && query["client_id"] == "app" && query["scope"] == "api offline_access"
        )
        #expect(query["code_challenge_method"] == "S256" && query["code_challenge"]?.count == 43)
        #expect(query["redirect_uri"] == "com.example.field://auth" && query["prompt"] == "select_account")

        let token = try #require(transport.requests.first)
        let form = Dictionary(uniqueKeysWithValues: UserSignIn.formFields(token.bodyText).map { ($0.name, $0.value) })
        #expect(form["grant_type"] == "authorization_code" && form["code"] == "c+1")
        #expect(form["redirect_uri"] == "com.example.field://auth")
        let verifier = try #require(form["code_verifier"])
        #expect(PKCE(verifier: verifier).challenge == query["code_challenge"])
        #expect(await store.tokens?.refreshToken == "rt-1")
    }

    @Test func aRedirectOfAnotherSignInIsRefused() async throws {
        let transport = ScriptedTransport()
        await #expect(throws: SignInError.stateMismatch) {
            try await signIn(transport, store: MemoryTokenStore())
                .signIn(using: Redirecting { _ in "com.example.field://auth?code=x&state=forged" })
        }
        await #expect(throws: SignInError.missingCode) {
            try await signIn(transport, store: MemoryTokenStore())
                .signIn(using: Redirecting { "com.example.field://auth?state=\(Self.state($0))" })
        }
        #expect(transport.requests.isEmpty, "no code was redeemed")
    }

    @Test func concurrentRequestsWithAnExpiredTokenRefreshOnce() async throws {
        let transport = ScriptedTransport()
        transport.route("POST", "/token", .json(#"{"access_token":"at-2","refresh_token":"rt-2","expires_in":3600}"#))
        let store = MemoryTokenStore(
            SignInTokens(
                accessToken: "at-1",
                refreshToken: "rt-1",
                expiresAt: Date(timeIntervalSinceNow: -5),
                scope: nil
            )
        )
        let session = signIn(transport, store: store)

        let headers = try await withThrowingTaskGroup(of: String?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var request = HTTPRequest(method: "GET", url: URL(string: "https://api.example.com/")!)
                    try await session.authenticate(&request, refresh: false)
                    return request[header: "Authorization"]
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(headers == Array(repeating: "Bearer at-2", count: 8))
        #expect(transport.requests.count == 1)
        #expect(await store.tokens?.refreshToken == "rt-2")
    }

    @Test func aTokenFileOthersCanReadIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("TokenStore-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(file: folder.appendingPathComponent("tokens.json"))
        try await store.save(SignInTokens(accessToken: "a", refreshToken: "r", expiresAt: Date(), scope: nil))
        #expect(try await store.load()?.refreshToken == "r")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.file.path)
        await #expect { try await store.load() } throws: { error in
            guard case .invalidRequest(let message)? = error as? ODataClientError else { return false }
            return message.contains("others can read it")
        }
    }
}

/// Tokens in memory.
actor MemoryTokenStore: TokenStore {
    var tokens: SignInTokens?

    init(_ tokens: SignInTokens? = nil) { self.tokens = tokens }

    func load() -> SignInTokens? { tokens }
    func save(_ tokens: SignInTokens) { self.tokens = tokens }
    func remove() { tokens = nil }
}

/// What a presenter was asked to show.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var components: URLComponents?
    var value: URLComponents? { lock.withLock { components } }
    func set(_ value: URLComponents) { lock.withLock { components = value } }
}
