import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import Testing

/// Error replies become `ODataServiceError` with the status, the payload's code and message, and the request.
struct ServiceErrorTests {
    private let accountURL =
        "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)"

    @Test func aV4ErrorPayload() async throws {
        let client = TestClients.dataverse(RecordedTransport(.payload("dataverse-error-not-found", status: 404)))
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        let failure = try #require(error)
        #expect(failure.statusCode == 404)
        #expect(failure.code == "0x80040217")
        #expect(failure.message == "Entity 'account' With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist")
        #expect(failure.request == "GET " + accountURL)
        #expect(failure.retryAfter == nil)
        #expect(
            failure.description
                == "GET \(accountURL): 404 0x80040217: Entity 'account' With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist"
        )
    }

    @Test func theInnermostMessageOfAnInnerError() async throws {
        let reply =
            #"{"error":{"code":"0x80040265","message":"Plug-in failed.","innererror":{"message":"outer","type":"System.ServiceModel.FaultException","internalexception":{"message":"The credit limit is exceeded."}}}}"#
        let client = TestClients.dataverse(RecordedTransport(.json(reply, status: 400)))
        let account = Account()
        account.name = "Fourth Coffee"
        let error = await #expect(throws: ODataServiceError.self) { try await client.create(account) }
        #expect(error?.innerMessage == "The credit limit is exceeded.")
        #expect(error?.request == "POST https://contoso.crm.dynamics.com/api/data/v9.2/accounts")
    }

    @Test func aReplyWithoutPayloadGivesTheStatusText() async throws {
        let client = TestClients.dataverse(
            RecordedTransport(
                .response(
                    HTTPResponse(
                        statusCode: 502,
                        headerFields: ["Content-Type": "text/html"],
                        body: Data("<html><body>Bad gateway</body></html>".utf8)
                    )
                )
            )
        )
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        #expect(error?.statusCode == 502)
        #expect(error?.code == "")
        #expect(error?.message == "Bad Gateway")
    }

    @Test func aBodyThatIsNotODataJSONIsAnInvalidResponse() async throws {
        let client = TestClients.dataverse(RecordedTransport(.json(#"{"value": [ {"accountid": 12} ]}"#)))
        let error = await #expect(throws: ODataClientError.self) { try await client.retrieveMultiple(Account.self) }
        guard case .invalidResponse(_, let request)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(request == "GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts")
    }
}
