import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Dataverse impersonation: `CallerObjectId` (Entra object id) or `MSCRMCallerID` (systemuserid) on every request the
/// client builds, per client or per call, never to another host. Shapes from "Impersonate another user using the
/// Web API".
struct ImpersonationTests {
    private static let entraUser = UUID(uuidString: "e39c5d16-675b-48d1-8e67-667427e9c084")!
    private static let systemUser = UUID(uuidString: "6a4a6e2c-0b3d-4e5f-8a9b-1c2d3e4f5a6b")!
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"

    private func client(_ transport: ScriptedTransport, impersonating: ODataClient.Impersonation?) -> ODataClient {
        var configuration = ODataClient.Configuration.dataverse(
            serviceRoot: TestClients.dataverseRoot,
            authentication: NoAuthentication(),
            impersonating: impersonating
        )
        configuration.transport = transport
        configuration.retryPolicy = .none
        configuration.registry = TestClients.dataverseRegistry
        return ODataClient(configuration)
    }

    private func created(_ id: UUID) -> ScriptedTransport.Reply {
        .status(204, headers: ["OData-EntityId": root + "accounts(\(id.uuidString.lowercased()))"])
    }

    @Test func aClientImpersonatingByEntraObjectIdSendsCallerObjectId() async throws {
        let transport = ScriptedTransport(created(IDs.account))
        let account = Account()
        account.name = "Sample Account Created using impersonation"
        try await client(transport, impersonating: .entraObjectID(Self.entraUser)).create(account)

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == root + "accounts")
        #expect(request[header: "CallerObjectId"] == "e39c5d16-675b-48d1-8e67-667427e9c084")
        #expect(request[header: "MSCRMCallerID"] == nil)
        #expect(request.bodyText == #"{"name":"Sample Account Created using impersonation"}"#)
    }

    @Test func theLegacyFormSendsMSCRMCallerID() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        _ = try await client(transport, impersonating: .systemUser(Self.systemUser))
            .retrieve(Account.self, id: IDs.account)

        let request = try #require(transport.requests.first)
        #expect(request[header: "MSCRMCallerID"] == "6a4a6e2c-0b3d-4e5f-8a9b-1c2d3e4f5a6b")
        #expect(request[header: "CallerObjectId"] == nil)
    }

    @Test func oneCallCanImpersonateAnotherUserOrNone() async throws {
        let transport = ScriptedTransport(created(IDs.account), created(IDs.secondAccount), created(IDs.thirdAccount))
        let client = client(transport, impersonating: .systemUser(Self.systemUser))
        try await client.impersonating(.entraObjectID(Self.entraUser)).create(Account())
        try await client.impersonating(nil).create(Account())
        try await client.create(Account())

        let requests = transport.requests
        try #require(requests.count == 3)
        #expect(requests[0][header: "CallerObjectId"] == Self.entraUser.uuidString.lowercased())
        #expect(requests[0][header: "MSCRMCallerID"] == nil)
        #expect(requests[1][header: "CallerObjectId"] == nil && requests[1][header: "MSCRMCallerID"] == nil)
        #expect(requests[2][header: "MSCRMCallerID"] == Self.systemUser.uuidString.lowercased())
        // The impersonating client shares the configuration otherwise.
        #expect(requests.allSatisfy { $0[header: "Prefer"] == "odata.include-annotations=\"*\"" })
    }

    @Test func nextLinksCarryItAndAForeignOneIsRefusedUnsent() async throws {
        let paged = ScriptedTransport(.payload("dataverse-accounts-page1"), .payload("dataverse-accounts-page2"))
        _ = try await client(paged, impersonating: .entraObjectID(Self.entraUser)).retrieveAll(Account.self)
        #expect(paged.requests.count == 2)
        #expect(paged.requests.allSatisfy { $0[header: "CallerObjectId"] == Self.entraUser.uuidString.lowercased() })

        let foreign = ScriptedTransport(.payload("dataverse-accounts-foreign-next"))
        await #expect(throws: ODataClientError.self) {
            _ = try await client(foreign, impersonating: .entraObjectID(Self.entraUser)).retrieveAll(Account.self)
        }
        #expect(foreign.requests.map(\.url.host) == ["contoso.crm.dynamics.com"])
    }

    @Test func aBatchCarriesItOnTheOuterRequestAndOnEachPart() async throws {
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(
                    statusCode: 200,
                    headerFields: ["Content-Type": "multipart/mixed; boundary=batchresponse_1"],
                    body: Data(
                        "--batchresponse_1\r\nContent-Type: application/http\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n\r\n--batchresponse_1--\r\n"
                            .utf8
                    )
                )
            )
        )
        let client = client(transport, impersonating: .entraObjectID(Self.entraUser))
        let account = Account()
        account.name = "In a batch"
        _ = try await client.batch([.changeSet([try client.createRequest(account)])])

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == root + "$batch")
        #expect(request[header: "CallerObjectId"] == Self.entraUser.uuidString.lowercased())
        #expect(request.bodyText.contains("POST \(root)accounts HTTP/1.1\r\n"))
        #expect(request.bodyText.contains("\r\nCallerObjectId: \(Self.entraUser.uuidString.lowercased())\r\n"))
    }

    @Test func theHeaderIsNotAnAuthenticationAndStaysOutOfErrors() async throws {
        let transport = ScriptedTransport(.payload("dataverse-error-not-found", status: 404))
        let error = await #expect(throws: ODataServiceError.self) {
            _ = try await client(transport, impersonating: .entraObjectID(Self.entraUser))
                .retrieve(Account.self, id: IDs.account)
        }
        #expect(!String(describing: error).contains(Self.entraUser.uuidString.lowercased()))
    }
}
