import Foundation
import ServiceAccess
import Testing

/// The OAuth 2.0 vocabulary the client and the tool share: grants as forms, the client's identification, the
/// endpoint's answers.
struct OAuthTests {
    @Test func grantsAreTheirForms() {
        let pairs = { (grant: OAuthGrant) in grant.fields.map { "\($0.name)=\($0.value)" } }
        #expect(pairs(.clientCredentials) == ["grant_type=client_credentials"])
        #expect(pairs(.refreshToken("r")) == ["grant_type=refresh_token", "refresh_token=r"])
        #expect(
            pairs(.authorizationCode(code: "c", redirectURI: "app://auth", codeVerifier: "v")) == [
                "grant_type=authorization_code", "code=c", "redirect_uri=app://auth", "code_verifier=v",
            ]
        )
        #expect(
            pairs(.deviceCode("d")) == ["grant_type=urn:ietf:params:oauth:grant-type:device_code", "device_code=d"]
        )
    }

    @Test func aConfidentialClientUsesBasicAndAPublicOneNamesItself() {
        let confidential = OAuthClient.confidential(id: "app id", secret: "s:e/c")
            .request(RequestedAccess(scopes: ["odata"]).tokenForm(.clientCredentials))
        #expect(confidential.form.map(\.name) == ["grant_type", "scope"])
        #expect(
            confidential.headerFields.map(\.value) == ["Basic " + Data("app%20id:s%3Ae%2Fc".utf8).base64EncodedString()]
        )
        let publicClient = OAuthClient.publicClient(id: "app").request(RequestedAccess().tokenForm(.refreshToken("r")))
        #expect(publicClient.form.map(\.name) == ["grant_type", "refresh_token", "client_id"])
        #expect(publicClient.headerFields.isEmpty)
    }

    @Test func theResourceFollowsTheScopeAndEmptyOnesAreLeftOut() {
        let names = { (access: RequestedAccess) in access.fields.map { "\($0.name)=\($0.value)" } }
        #expect(names(RequestedAccess()).isEmpty)
        #expect(
            names(RequestedAccess(scopes: ["openid", "offline_access"], resource: "https://crm.contoso.com/")) == [
                "scope=openid offline_access", "resource=https://crm.contoso.com/",
            ]
        )
        let form = RequestedAccess(resource: "urn:contoso:crm").tokenForm(.refreshToken("r"))
        #expect(form.map(\.name) == ["grant_type", "refresh_token", "resource"])
        let request = OAuthClient.publicClient(id: "app")
            .request(RequestedAccess(resource: "https://crm.contoso.com/").tokenForm(.deviceCode("d")))
        #expect(request.form.map(\.name) == ["grant_type", "device_code", "resource", "client_id"])
    }

    @Test func adfsEndpointsAreBelowItsAuthorityAndABareHostMeansSlashADFS() throws {
        for authority in ["https://sts.contoso.com/adfs", "https://sts.contoso.com/adfs/", "https://sts.contoso.com"] {
            let endpoints = ADFSEndpoints(authority: try #require(URL(string: authority)))
            #expect(endpoints.authorize.absoluteString == "https://sts.contoso.com/adfs/oauth2/authorize")
            #expect(endpoints.token.absoluteString == "https://sts.contoso.com/adfs/oauth2/token")
            #expect(endpoints.deviceCode.absoluteString == "https://sts.contoso.com/adfs/oauth2/devicecode")
        }
        let local = ADFSEndpoints(authority: try #require(URL(string: "http://127.0.0.1:8080/")))
        #expect(local.token.absoluteString == "http://127.0.0.1:8080/adfs/oauth2/token")
    }

    @Test func answersAreReadWithTheirLifetimeAsANumberOrAString() throws {
        let decode = { (json: String) in try JSONDecoder().decode(IssuedTokens.self, from: Data(json.utf8)) }
        let number = try decode(#"{"access_token":"a","expires_in":60}"#)
        #expect(number.accessToken == "a" && number.expiresIn == 60 && number.refreshToken == nil)
        let text = try decode(#"{"access_token":"a","expires_in":"3599"}"#)
        #expect(text.expiresIn == 3599)
    }

    @Test func refusalsComeFromTheBodyOrTheChallengeCleaned() {
        let body = OAuthRefusal(body: Data(#"{"error":"invalid_grant","error_description":"expired\u001b[31m"}"#.utf8))
        #expect(body == OAuthRefusal(code: "invalid_grant", description: "expired[31m"))
        #expect(body?.shown == "invalid_grant: expired[31m")
        let challenge = OAuthRefusal(challenge: #"Basic error="invalid_client", error_description="no such client""#)
        #expect(challenge?.code == "invalid_client" && challenge?.description == "no such client")
        #expect(OAuthRefusal(body: Data("<html>".utf8)) == nil)
    }
}
