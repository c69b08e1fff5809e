import Foundation
import MobileSdk
import MobileSdkClient
import Testing

/// ``OAuth2Authentication``'s client-credentials grant against Authlib's authorization server, whose confidential
/// client accepts HTTP Basic only (as RFC 6749 requires every server to): the token it issues opens the protected
/// `odata/$metadata`, and a wrong secret is the server's `invalid_client`.
@Suite(.enabled(if: LiveServers.oauth != nil || LiveServers.required, LiveServers.skipMessage))
struct OAuth2AuthenticationLiveTests {
    private func client(secret: String) throws -> (ODataClient, URL) {
        let server = try #require(LiveServers.oauth, LiveServers.skipMessage)
        let clientID = try #require(LiveServers.oauthClientId, LiveServers.skipMessage)
        let authentication = OAuth2Authentication(
            tokenEndpoint: server.appendingPathComponent("oauth/token"),
            grant: .clientCredentials(clientID: clientID, clientSecret: secret),
            scope: "odata"
        )
        let client = ODataClient(
            ODataClient.Configuration(
                serviceRoot: server.appendingPathComponent("odata/"),
                authentication: authentication
            )
        )
        return (client, server.appendingPathComponent("odata/$metadata"))
    }

    @Test(.timeLimit(.minutes(1))) func clientCredentialsOpenTheProtectedResource() async throws {
        let secret = try #require(LiveServers.oauthClientSecret, LiveServers.skipMessage)
        let (client, metadata) = try client(secret: secret)
        let response = try await client.send(HTTPRequest(method: "GET", url: metadata))
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("<edmx:Edmx"))
    }

    @Test(.timeLimit(.minutes(1))) func aWrongSecretIsTheServersRefusal() async throws {
        let (client, metadata) = try client(secret: "not-the-secret")
        await #expect { try await client.send(HTTPRequest(method: "GET", url: metadata)) } throws: { error in
            guard case .authenticationFailed(let status, let reason)? = error as? ODataClientError else { return false }
            return status == 401 && reason.hasPrefix("invalid_client")
        }
    }
}
