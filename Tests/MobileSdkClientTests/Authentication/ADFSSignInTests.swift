import Foundation
@testable import MobileSdkClient
import MobileSdkTesting
import Testing

/// ``UserSignIn`` against AD FS without a server: the endpoints below the authority, and the `resource` on the
/// authorization request, the code's redemption and every refresh (the live tests run the same against the Authlib
/// server's AD FS routes).
struct ADFSSignInTests {
    private static let resource = URL(string: "https://crm.contoso.com/")!

    private func configuration(_ authority: String) -> UserSignIn.Configuration {
        .adfs(
            authority: URL(string: authority)!,
            clientID: "app",
            redirectURI: URL(string: "com.contoso.field://auth")!,
            resource: Self.resource
        )
    }

    @Test(arguments: ["https://sts.contoso.com/adfs", "https://sts.contoso.com/adfs/", "https://sts.contoso.com"])
    func theEndpointsAreBelowTheAuthority(authority: String) {
        let configuration = configuration(authority)
        #expect(configuration.authorizationEndpoint.absoluteString == "https://sts.contoso.com/adfs/oauth2/authorize")
        #expect(configuration.tokenEndpoint.absoluteString == "https://sts.contoso.com/adfs/oauth2/token")
        #expect(configuration.resource == Self.resource && configuration.scopes.isEmpty)
    }

    /// Answers the authorization request with a code and keeps what it was asked.
    private struct CodePresenter: AuthorizationPresenter {
        let captured: Captured

        func present(_ request: AuthorizationRequest) async throws -> AuthorizationCallback {
            let url = request.url(redirectingTo: request.redirectURI)
            let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: true))
            captured.set(components)
            let state = components.queryItems?.first { $0.name == "state" }?.value ?? ""
            return AuthorizationCallback(
                url: URL(string: "com.contoso.field://auth?code=c1&state=\(state)")!,
                redirectURI: request.redirectURI
            )
        }
    }

    @Test func theResourceGoesWithTheAuthorizationTheCodeAndEveryRefresh() async throws {
        let transport = ScriptedTransport()
        // As AD FS answers: its resource and the refresh token's lifetime beside the tokens; no new refresh token
        // when one is refreshed.
        transport.route(
            "POST",
            "/adfs/oauth2/token",
            .json(
                #"""
                {"access_token":"at-1","token_type":"bearer","expires_in":3600,"resource":"https://crm.contoso.com/",
                 "refresh_token":"rt-1","refresh_token_expires_in":28800,"id_token":"x.y.z"}
                """#
            ),
            .json(#"{"access_token":"at-2","token_type":"bearer","expires_in":3600}"#)
        )
        let store = MemoryTokenStore()
        let session = UserSignIn(configuration("https://sts.contoso.com/adfs"), store: store, transport: transport)
        let captured = Captured()
        try await session.signIn(using: CodePresenter(captured: captured))

        let query = try #require(captured.value?.queryItems)
        #expect(query.first { $0.name == "resource" }?.value == "https://crm.contoso.com/")
        #expect(!query.contains { $0.name == "scope" }, "no scope is sent when none is asked for")
        #expect(query.contains { $0.name == "code_challenge" })

        var request = HTTPRequest(method: "GET", url: URL(string: "https://crm.contoso.com/api/data/v9.0/")!)
        try await session.authenticate(&request, refresh: true)
        #expect(request[header: "Authorization"] == "Bearer at-2")
        #expect(await store.tokens?.refreshToken == "rt-1", "a refresh that brings no new refresh token keeps the old")

        let forms = transport.requests.map { request in
            Dictionary(uniqueKeysWithValues: UserSignIn.formFields(request.bodyText).map { ($0.name, $0.value) })
        }
        #expect(forms.map { $0["grant_type"] } == ["authorization_code", "refresh_token"])
        #expect(forms.allSatisfy { $0["resource"] == "https://crm.contoso.com/" && $0["client_id"] == "app" })
        #expect(forms.allSatisfy { $0["scope"] == nil })
    }
}
