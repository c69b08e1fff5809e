import Foundation
import MobileSdk
import MobileSdkClient
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UserSignInLiveTests {
    /// ``UserSignIn/Configuration/adfs(authority:clientID:redirectURI:resource:scopes:)`` end to end against the
    /// AD FS routes of Authlib's server on loopback (Tests/Servers/adfs.py): `resource` required on the authorization
    /// request and every token request, refresh tokens not rotated, and a Dynamics-shaped service root
    /// `api/data/v9.0/` that takes only tokens issued for its relying party (the server's root). Nested in the
    /// serialized ``UserSignInLiveTests``, so that its tests run one at a time with those: one loopback listener at a
    /// time, and no sign-in taking the denial another test asked the server for.
    @Suite(.enabled(if: LiveServers.oauth != nil || LiveServers.required, LiveServers.skipMessage), .serialized)
    struct ADFS {
        private let server: URL
        private let clientID: String
        private let log: String
        private let folder: URL

        init() throws {
            server = try #require(LiveServers.oauth, LiveServers.skipMessage)
            clientID = try #require(LiveServers.oauthAppClientId, LiveServers.skipMessage)
            log = try #require(TestServers.value(.oauthLog), LiveServers.skipMessage)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ADFSLiveTests-" + UUID().uuidString)
        }

        private var store: FileTokenStore { FileTokenStore(file: folder.appendingPathComponent("tokens.json")) }

        private func signIn(resource: URL?, store: FileTokenStore) -> UserSignIn {
            let redirectURI = URL(string: "http://127.0.0.1/callback")!
            guard let resource else {
                // AD FS's endpoints without a resource, as a configuration written by hand might be.
                return UserSignIn(
                    .init(
                        authorizationEndpoint: server.appendingPathComponent("adfs/oauth2/authorize"),
                        tokenEndpoint: server.appendingPathComponent("adfs/oauth2/token"),
                        clientID: clientID,
                        redirectURI: redirectURI,
                        scopes: []
                    ),
                    store: store
                )
            }
            return UserSignIn(
                .adfs(authority: server, clientID: clientID, redirectURI: redirectURI, resource: resource),
                store: store
            )
        }

        /// The user's browser: opens the sign-in page (which signs the test user in and redirects at once, or redirects
        /// with an error) and follows the redirect to the app's loopback listener.
        private var browser: LoopbackPresenter {
            LoopbackPresenter(timeout: 50) { url in
                let page = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url))
                guard page.statusCode == 302, let location = page[header: "Location"],
                    let redirect = URL(string: location)
                else { throw URLError(.badServerResponse) }
                Task.detached { _ = try? await URLSession.shared.data(from: redirect) }
            }
        }

        /// `GET api/data/v9.0/$metadata` with `authentication`: its status and `WWW-Authenticate`.
        private func dynamics(_ authentication: any AuthenticationProvider) async throws -> (Int, String?) {
            let root = server.appendingPathComponent("api/data/v9.0/")
            let client = ODataClient(ODataClient.Configuration(serviceRoot: root, authentication: authentication))
            let request = HTTPRequest(method: "GET", url: root.appendingPathComponent("$metadata"))
            let response = try await client.send(request) { $0.statusCode == 401 }
            return (response.statusCode, response[header: "WWW-Authenticate"])
        }

        /// The server's request-log lines after the first `skipping` of them, of this suite's client at the AD FS
        /// routes.
        private func adfsLines(after skipping: Int) throws -> [String] {
            try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").dropFirst(skipping).map(String.init)
                .filter { $0.contains(" /adfs/") && $0.contains(clientID) }
        }

        private func lineCount() throws -> Int {
            try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").count
        }

        @Test(.timeLimit(.minutes(1))) func aUserSignsInToDynamicsThroughADFSAndRefreshes() async throws {
            defer { try? FileManager.default.removeItem(at: folder) }
            let before = try lineCount()
            let session = signIn(resource: server, store: store)
            try await session.signIn(using: browser)
            #expect(try await dynamics(session).0 == 200)
            let signedIn = try #require(try await store.load())

            var request = HTTPRequest(method: "GET", url: server)
            try await session.authenticate(&request, refresh: true)
            let refreshed = try #require(try await store.load())
            #expect(refreshed.accessToken != signedIn.accessToken)
            #expect(refreshed.refreshToken == signedIn.refreshToken, "AD FS does not rotate it; the one held is kept")
            #expect(try await dynamics(session).0 == 200)

            let lines = try adfsLines(after: before)
            let resource = "resource=" + server.absoluteString
            let authorize = try #require(lines.first { $0.contains("GET /adfs/oauth2/authorize?") })
            #expect(authorize.contains(" 302 ") && authorize.hasSuffix(resource))
            #expect(lines.filter { $0.contains("POST /adfs/oauth2/token 200 grant=authorization_code ") }.count == 1)
            #expect(lines.filter { $0.contains("POST /adfs/oauth2/token 200 grant=refresh_token ") }.count == 1)
            #expect(lines.filter { $0.contains("POST /adfs/oauth2/token ") }.allSatisfy { $0.hasSuffix(resource) })
        }

        @Test(.timeLimit(.minutes(1)), arguments: [URL(string: "https://crm.contoso.com/"), nil])
        func aResourceADFSDoesNotKnowOrNoneIsRefused(resource: URL?) async throws {
            defer { try? FileManager.default.removeItem(at: folder) }
            await #expect { try await signIn(resource: resource, store: store).signIn(using: browser) } throws: {
                error in
                guard case .refused(let code, let description)? = error as? SignInError else { return false }
                return code == "invalid_resource" && description?.hasPrefix("MSIS9602: ") == true
            }
            #expect(try await store.load() == nil)
        }

        /// A token of the server's plain OAuth endpoints has no audience: the Dynamics root refuses it with the
        /// challenge that names AD FS and the resource, as Dynamics does.
        @Test(.timeLimit(.minutes(1))) func aTokenForAnotherAudienceIsRefusedWithTheChallenge() async throws {
            let plain = OAuth2Authentication(
                tokenEndpoint: server.appendingPathComponent("oauth/token"),
                grant: .clientCredentials(
                    clientID: try #require(LiveServers.oauthClientId),
                    clientSecret: try #require(LiveServers.oauthClientSecret)
                ),
                scope: "odata"
            )
            let (status, challenge) = try await dynamics(plain)
            #expect(status == 401)
            #expect(
                challenge == "Bearer authorization_uri=\(server.absoluteString)adfs/oauth2/authorize, "
                    + "resource_id=\(server.absoluteString)"
            )
        }
    }
}
