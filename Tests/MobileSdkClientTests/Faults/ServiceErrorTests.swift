import DataverseModel
import Foundation
import MobileSdk
import MobileSdkTesting
import Testing

@testable import MobileSdkClient

/// Error replies become `ODataServiceError` with the status, the payload's code and message, and the request.
struct ServiceErrorTests {
    private let accountURL =
        "https://contoso.crm.dynamics.com/api/data/v9.2/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)"
    private let request = HTTPRequest(method: "GET", url: URL(fileURLWithPath: "/accounts"))

    @Test func aV4ErrorPayload() async throws {
        let client = TestClients.dataverse(ScriptedTransport(.payload("dataverse-error-not-found", status: 404)))
        let error = await #expect(throws: ODataServiceError.self) {
            try await client.retrieve(Account.self, id: IDs.account)
        }
        let failure = try #require(error)
        #expect(failure.statusCode == 404)
        #expect(failure.code == "0x80040217")
        #expect(failure.message == "Entity 'account' With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist")
        #expect(failure.request == "GET " + accountURL)
        #expect(failure.retryAfter == nil)
        #expect(failure.reason == .notFound)
        #expect(
            (failure as any Error).localizedDescription
                == "Entity 'account' With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist"
        )
        #expect(
            failure.description
                == "GET \(accountURL): 404 0x80040217: Entity 'account' With Id = 7a4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist"
        )
    }

    @Test func theInnermostMessageOfAnInnerError() async throws {
        let reply =
            #"{"error":{"code":"0x80040265","message":"Plug-in failed.","innererror":{"message":"outer","type":"System.ServiceModel.FaultException","internalexception":{"message":"The credit limit is exceeded."}}}}"#
        let client = TestClients.dataverse(ScriptedTransport(.json(reply, status: 400)))
        let account = Account()
        account.name = "Fourth Coffee"
        let error = await #expect(throws: ODataServiceError.self) { try await client.create(account) }
        #expect(error?.innerMessage == "The credit limit is exceeded.")
        #expect(error?.request == "POST https://contoso.crm.dynamics.com/api/data/v9.2/accounts")
    }

    /// What an app branches on, from each status an OData service answers with (and its ETag and `Retry-After`).
    @Test func reasonsFromStatuses() throws {
        func reason(_ status: Int, _ headers: [String: String] = [:], code: String = "") -> ODataServiceError.Reason {
            let body = #"{"error":{"code":"\#(code)","message":"m"}}"#
            let response = HTTPResponse(statusCode: status, headerFields: headers, body: Data(body.utf8))
            return ODataServiceError(response: response, request: request).reason
        }
        #expect(reason(412, ["ETag": #"W/"7""#]) == .conflict(currentETag: #"W/"7""#))
        #expect(reason(412) == .conflict(currentETag: nil))
        #expect(reason(429, ["Retry-After": "30"]) == .throttled(retryAfter: 30))
        #expect(reason(503) == .throttled(retryAfter: nil))
        #expect(reason(404) == .notFound)
        #expect(reason(410) == .notFound)
        #expect(reason(401) == .unauthorized)
        #expect(reason(403) == .forbidden)
        #expect(reason(400, code: "0x80040203") == .validation(code: "0x80040203"))
        #expect(reason(409, code: "0x80040237") == .validation(code: "0x80040237"))
        #expect(reason(500) == .serviceFailure)
        #expect(reason(418) == .other)
    }

    /// SAP Gateway's error: the message id as the code, the text under `message.value`, the details'
    /// message (the one that differs) as the inner message; shaped as SAP's documentation shows it.
    @Test func aGatewayErrorWithItsDetails() async throws {
        let reply = #"""
            {"error":{"code":"ZSALES/012","message":{"lang":"en","value":"Order 4711 is locked by user JSMITH"},
            "innererror":{"transactionid":"9D4E2A31B0C5F1A2","errordetails":[
            {"code":"ZSALES/012","message":"Order 4711 is locked by user JSMITH","severity":"error"},
            {"code":"ZSALES/013","message":"Try again when the user has saved the order","severity":"info"}]}}}
            """#
        let response = HTTPResponse(statusCode: 400, headerFields: [:], body: Data(reply.utf8))
        let error = ODataServiceError(response: response, request: request)
        #expect(error.reason == .validation(code: "ZSALES/012"))
        #expect(error.localizedDescription == "Order 4711 is locked by user JSMITH")
        #expect(error.innerMessage == "Try again when the user has saved the order")
    }

    /// A code that only repeats the status (as some services send it) is not printed twice.
    @Test func aCodeThatRepeatsTheStatusIsPrintedOnce() {
        let error = ODataServiceError(statusCode: 404, code: "404", message: "Entity not found.", request: "GET x")
        #expect(error.description == "GET x: 404 Entity not found.")
    }

    @Test func aReplyWithoutPayloadGivesTheStatusText() async throws {
        let client = TestClients.dataverse(
            ScriptedTransport(
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
        let client = TestClients.dataverse(ScriptedTransport(.json(#"{"value": [ {"accountid": 12} ]}"#)))
        let error = await #expect(throws: ODataClientError.self) { try await client.retrieveMultiple(Account.self) }
        guard case .invalidResponse(_, let request)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(request == "GET https://contoso.crm.dynamics.com/api/data/v9.2/accounts")
    }
}
