import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Bearer, Basic and fixed-header credentials, added to every request the client sends.
struct HeaderCredentialTests {
    private func sentRequest(_ authentication: any AuthenticationProvider) async throws -> HTTPRequest {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        _ = try await TestClients.dataverse(transport, authentication: authentication)
            .retrieve(Account.self, id: IDs.account)
        return try #require(transport.requests.first)
    }

    @Test func bearerTokenFromTheApp() async throws {
        let request = try await sentRequest(
            BearerTokenAuthentication { refresh in refresh ? "refreshed" : "eyJ0eXAiOiJKV1Qi.payload.signature" }
        )
        #expect(request[header: "Authorization"] == "Bearer eyJ0eXAiOiJKV1Qi.payload.signature")
    }

    @Test func aFailingTokenSourceSendsNothing() async throws {
        struct SignInCancelled: Error {}
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let client = TestClients.dataverse(
            transport,
            authentication: BearerTokenAuthentication { _ in throw SignInCancelled() }
        )
        await #expect(throws: SignInCancelled.self) { try await client.retrieve(Account.self, id: IDs.account) }
        #expect(transport.requests.isEmpty)
    }

    @Test func basicCredentials() async throws {
        let request = try await sentRequest(BasicAuthentication(user: "CONTOSO\\crmadmin", password: "pä:ss word"))
        let header = try #require(request[header: "Authorization"])
        #expect(header.hasPrefix("Basic "))
        let decoded = Data(base64Encoded: String(header.dropFirst(6))).map { String(decoding: $0, as: UTF8.self) }
        #expect(decoded == "CONTOSO\\crmadmin:pä:ss word")
    }

    @Test func fixedHeaders() async throws {
        let request = try await sentRequest(HeaderAuthentication(["x-api-key": "k-123", "APIKey": "legacy-456"]))
        #expect(request[header: "X-API-Key"] == "k-123")
        #expect(request[header: "apikey"] == "legacy-456")
        #expect(request[header: "Authorization"] == nil)
    }

    @Test func noAuthenticationAddsNothing() async throws {
        let request = try await sentRequest(NoAuthentication())
        #expect(request[header: "Authorization"] == nil)
        #expect(request.headerFields.map(\.name).sorted() == ["Accept", "OData-MaxVersion", "OData-Version", "Prefer"])
    }
}
