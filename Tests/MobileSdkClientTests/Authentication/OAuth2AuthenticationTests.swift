import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// OAuth 2.0 against a recorded token endpoint: the form bodies of both grants, caching until expiry, rotated refresh
/// tokens, refusals.
struct OAuth2AuthenticationTests {
    private let endpoint = URL(string: "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token")!
    private let scope = "https://contoso.crm.dynamics.com/.default"

    private static func token(_ value: String, expiresIn: Int = 3599, refreshToken: String? = nil)
        -> ScriptedTransport.Reply
    {
        let refresh = refreshToken.map { #","refresh_token":"\#($0)""# } ?? ""
        return .json(
            #"{"token_type":"Bearer","expires_in":\#(expiresIn),"ext_expires_in":\#(expiresIn),"access_token":"\#(value)"\#(refresh)}"#
        )
    }

    /// The form fields of a token request.
    private func form(_ request: HTTPRequest) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in request.bodyText.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
                .map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    /// The Authorization header the provider sets.
    private func authorize(_ provider: OAuth2Authentication, refresh: Bool = false) async throws -> String? {
        var request = HTTPRequest(
            method: "GET",
            url: URL(string: "https://contoso.crm.dynamics.com/api/data/v9.2/WhoAmI")!
        )
        try await provider.authenticate(&request, refresh: refresh)
        return request[header: "Authorization"]
    }

    @Test func clientCredentialsPostsTheForm() async throws {
        let endpointTransport = ScriptedTransport(Self.token("access-1"))
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "51f81489-12ee-4a9e-aaae-a2591f45987d", clientSecret: "s3cr+t/=&"),
            scope: scope,
            transport: endpointTransport
        )
        #expect(try await authorize(provider) == "Bearer access-1")

        let request = try #require(endpointTransport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url == endpoint)
        #expect(request[header: "Content-Type"] == "application/x-www-form-urlencoded")
        #expect(request[header: "Accept"] == "application/json")
        #expect(form(request) == ["grant_type": "client_credentials", "scope": scope])
        // HTTP Basic, the id and secret form-encoded first (RFC 6749 §2.3.1); the secret is not in the body.
        let credentials = "51f81489-12ee-4a9e-aaae-a2591f45987d:s3cr%2Bt%2F%3D%26"
        #expect(request[header: "Authorization"] == "Basic " + Data(credentials.utf8).base64EncodedString())
        #expect(!request.bodyText.contains("s3cr"))
    }

    @Test func concurrentRequestsShareOneTokenRequest() async throws {
        let endpointTransport = ScriptedTransport(
            Self.token("access-1", refreshToken: "rotated"),
            Self.token("access-2")
        )
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .refreshToken(clientID: "app", refreshToken: "original"),
            scope: scope,
            transport: endpointTransport
        )
        async let first = authorize(provider)
        async let second = authorize(provider)
        async let third = authorize(provider)
        #expect(try await [first, second, third] == ["Bearer access-1", "Bearer access-1", "Bearer access-1"])
        #expect(endpointTransport.requests.count == 1)
    }

    @Test func theTokenIsCachedUntilItExpires() async throws {
        let endpointTransport = ScriptedTransport(Self.token("access-1"), Self.token("access-2"))
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "app", clientSecret: "secret"),
            scope: scope,
            transport: endpointTransport
        )
        #expect(try await authorize(provider) == "Bearer access-1")
        #expect(try await authorize(provider) == "Bearer access-1")
        #expect(endpointTransport.requests.count == 1)
        // After a 401 the client asks with refresh: a new token.
        #expect(try await authorize(provider, refresh: true) == "Bearer access-2")
        #expect(endpointTransport.requests.count == 2)
    }

    @Test func aTokenAboutToExpireIsNotReused() async throws {
        let endpointTransport = ScriptedTransport(
            Self.token("short-1", expiresIn: 30),
            Self.token("short-2", expiresIn: 30)
        )
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "app", clientSecret: "secret"),
            scope: scope,
            transport: endpointTransport
        )
        #expect(try await authorize(provider) == "Bearer short-1")
        #expect(try await authorize(provider) == "Bearer short-2")
        #expect(endpointTransport.requests.count == 2)
    }

    @Test func refreshTokenGrantUsesTheRotatedToken() async throws {
        let endpointTransport = ScriptedTransport(
            Self.token("access-1", refreshToken: "refresh-2"),
            Self.token("access-2", refreshToken: "refresh-3"),
            Self.token("access-3")
        )
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .refreshToken(clientID: "mobile-app", refreshToken: "refresh-1"),
            scope: scope,
            transport: endpointTransport
        )
        #expect(try await authorize(provider) == "Bearer access-1")
        #expect(try await authorize(provider, refresh: true) == "Bearer access-2")
        #expect(try await authorize(provider, refresh: true) == "Bearer access-3")

        let forms = endpointTransport.requests.map(form)
        #expect(forms.map { $0["refresh_token"] } == ["refresh-1", "refresh-2", "refresh-3"])
        #expect(
            forms.allSatisfy {
                $0["grant_type"] == "refresh_token" && $0["client_id"] == "mobile-app" && $0["scope"] == scope
            }
        )
        #expect(forms.allSatisfy { $0["client_secret"] == nil })
    }

    @Test func refreshTokenGrantWithAConfidentialClient() async throws {
        let endpointTransport = ScriptedTransport(Self.token("access-1"))
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .refreshToken(clientID: "web-app", refreshToken: "refresh-1", clientSecret: "secret"),
            scope: nil,
            transport: endpointTransport
        )
        _ = try await authorize(provider)
        let request = try #require(endpointTransport.requests.first)
        #expect(form(request) == ["grant_type": "refresh_token", "refresh_token": "refresh-1"])
        #expect(request[header: "Authorization"] == "Basic " + Data("web-app:secret".utf8).base64EncodedString())
    }

    @Test func anErrorReplyIsAuthenticationFailed() async throws {
        let endpointTransport = ScriptedTransport(
            .json(
                #"{"error":"invalid_client","error_description":"AADSTS7000215: Invalid client secret provided.","error_codes":[7000215]}"#,
                status: 401
            )
        )
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "app", clientSecret: "wrong-secret"),
            scope: scope,
            transport: endpointTransport
        )
        let error = await #expect(throws: ODataClientError.self) { try await authorize(provider) }
        guard case .authenticationFailed(let status, let reason)? = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(status == 401)
        #expect(reason == "invalid_client: AADSTS7000215: Invalid client secret provided.")
        #expect(!String(describing: error).contains("wrong-secret"))
    }

    @Test func aReplyWithoutAccessTokenIsAuthenticationFailed() async throws {
        let endpointTransport = ScriptedTransport(.json(#"{"token_type":"Bearer","expires_in":3599}"#))
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "app", clientSecret: "secret"),
            scope: scope,
            transport: endpointTransport
        )
        let error = await #expect(throws: ODataClientError.self) { try await authorize(provider) }
        guard case .authenticationFailed(200, _)? = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
    }

    @Test func anHTTPTokenEndpointIsRefused() async throws {
        let endpointTransport = ScriptedTransport(Self.token("access-1"))
        let provider = OAuth2Authentication(
            tokenEndpoint: URL(string: "http://login.contoso.example/oauth2/token")!,
            grant: .clientCredentials(clientID: "app", clientSecret: "secret"),
            scope: scope,
            transport: endpointTransport
        )
        let error = await #expect(throws: ODataClientError.self) { try await authorize(provider) }
        guard case .insecureURL(let url)? = error else {
            Issue.record("expected insecureURL, got \(String(describing: error))")
            return
        }
        #expect(url == "http://login.contoso.example/oauth2/token")
        #expect(endpointTransport.requests.isEmpty)
    }

    @Test func theClientRefreshesThroughTheProviderAfterA401() async throws {
        let endpointTransport = ScriptedTransport(Self.token("access-1"), Self.token("access-2"))
        let provider = OAuth2Authentication(
            tokenEndpoint: endpoint,
            grant: .clientCredentials(clientID: "app", clientSecret: "secret"),
            scope: scope,
            transport: endpointTransport
        )
        let service = ScriptedTransport(
            .status(401),
            .json(#"{"BusinessUnitId":"7a4814f9-b0b8-ea11-a812-000d3a122b89"}"#),
            .json(#"{"BusinessUnitId":"7a4814f9-b0b8-ea11-a812-000d3a122b89"}"#)
        )
        let client = TestClients.dataverse(service, authentication: provider)
        _ = try await client.invokeFunction("WhoAmI")
        _ = try await client.invokeFunction("WhoAmI")

        #expect(
            service.requests.map { $0[header: "Authorization"] } == [
                "Bearer access-1", "Bearer access-2", "Bearer access-2",
            ]
        )
        #expect(endpointTransport.requests.count == 2)
    }
}
