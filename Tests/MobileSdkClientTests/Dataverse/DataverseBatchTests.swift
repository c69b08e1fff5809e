import DataverseModel
import Foundation
import MobileSdk
@testable import MobileSdkClient
import MobileSdkTesting
import Testing

/// `$batch` with a change set: the multipart/mixed request body, and the responses read from a multipart reply.
struct DataverseBatchTests {
    private static let responseType = "multipart/mixed; boundary=batchresponse_5f1c2e7a-93d4-4b8e-a6f0-2d7c9e1b3a58"
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"

    /// A change set creating a contact and updating an account, then a read outside it.
    private func sendBatch(_ transport: ScriptedTransport) async throws -> (
        responses: [HTTPResponse], request: HTTPRequest
    ) {
        let client = TestClients.dataverse(transport)
        let contact = Contact()
        contact.eMailAddress1 = "susanna@contoso.example"
        contact.parentCustomerId = EntityReference(logicalName: "account", id: IDs.account)
        let account = Account()
        account.accountId = IDs.account
        account.acceptChanges()
        account.name = "Fourth Coffee Roasters"
        let read = try client.request("GET", "accounts(\(IDs.account.uuidString.lowercased()))?$select=name,revenue")
        let responses = try await client.batch([
            .changeSet([try client.createRequest(contact), try client.updateRequest(account)]), .request(read),
        ])
        return (responses, try #require(transport.requests.first))
    }

    private func replying() -> ScriptedTransport {
        ScriptedTransport(
            .response(
                HTTPResponse(
                    statusCode: 200,
                    headerFields: ["Content-Type": Self.responseType],
                    body: Payloads.data("dataverse-batch-response.multipart")
                )
            )
        )
    }

    @Test func postsOneMultipartRequest() async throws {
        let transport = replying()
        let (_, request) = try await sendBatch(transport)

        #expect(transport.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == root + "$batch")
        let contentType = try #require(request[header: "Content-Type"])
        #expect(contentType.hasPrefix("multipart/mixed; boundary="))
        let boundary = String(contentType.dropFirst("multipart/mixed; boundary=".count))
        let body = request.bodyText
        #expect(body.hasPrefix("--\(boundary)\r\n"))
        #expect(body.hasSuffix("\r\n--\(boundary)--\r\n"))
        // One change set part and one request part.
        #expect(body.components(separatedBy: "--\(boundary)\r\n").count == 3)
    }

    @Test func theChangeSetHoldsTheWritesInOrderWithContentIds() async throws {
        let (_, request) = try await sendBatch(replying())
        let body = request.bodyText

        let changeSet = try #require(Self.changeSetBoundary(body))
        #expect(changeSet.hasPrefix("changeset_"))
        let parts = body.components(separatedBy: "--\(changeSet)")
        // Before, two parts, the closing delimiter.
        try #require(parts.count == 4)
        #expect(parts.last?.hasPrefix("--\r\n") == true)

        let create = parts[1]
        #expect(
            create.contains(
                "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: 1\r\n\r\n"
            )
        )
        #expect(create.contains("\r\nPOST \(root)contacts HTTP/1.1\r\n"))
        #expect(create.contains("Content-Type: application/json\r\n"))
        #expect(
            create.contains(#""parentcustomerid_account@odata.bind":"/accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)""#)
        )
        #expect(create.contains(#""emailaddress1":"susanna@contoso.example""#))

        let update = parts[2]
        #expect(update.contains("Content-ID: 2\r\n"))
        #expect(update.contains("\r\nPATCH \(root)accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89) HTTP/1.1\r\n"))
        #expect(update.contains("If-Match: *\r\n"))
        #expect(update.contains("\r\n\r\n{\"name\":\"Fourth Coffee Roasters\"}\r\n"))
    }

    @Test func theReadFollowsTheChangeSetOutsideIt() async throws {
        let (_, request) = try await sendBatch(replying())
        let body = request.bodyText
        let changeSet = try #require(Self.changeSetBoundary(body))
        let closing = try #require(body.range(of: "--\(changeSet)--\r\n"))
        let read = try #require(
            body.range(
                of: "\r\nGET \(root)accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)?$select=name,revenue HTTP/1.1\r\n"
            )
        )
        #expect(closing.upperBound <= read.lowerBound)
        let between = body[closing.upperBound..<read.lowerBound]
        #expect(between.hasPrefix("--batch_"))
        #expect(between.contains("Content-Type: application/http\r\n"))
        #expect(!between.contains("Content-ID"))
    }

    private static func changeSetBoundary(_ body: String) -> String? {
        guard let declaration = body.range(of: "Content-Type: multipart/mixed; boundary=") else { return nil }
        return String(body[declaration.upperBound...].prefix { !$0.isNewline })
    }

    @Test func readsEveryResponseInOrder() async throws {
        let (responses, _) = try await sendBatch(replying())

        #expect(responses.map(\.statusCode) == [204, 204, 200])
        #expect(responses[0][header: "OData-EntityId"] == root + "contacts(d2b5e3c1-4f6a-4d7e-9fa0-1b2c3d4e5f60)")
        #expect(responses[1][header: "OData-EntityId"] == root + "accounts(7a4814f9-b0b8-ea11-a812-000d3a122b89)")
        #expect(responses[0].body.isEmpty)
        #expect(responses[2][header: "content-type"]?.hasPrefix("application/json") == true)

        let account = try ODataJSONDecoder(registry: TestClients.dataverseRegistry)
            .decodeEntity(Account.self, from: responses[2].body)
        #expect(account.name == "Fourth Coffee Roasters")
        #expect(account.revenue == Money(130_000))
        #expect(account.eTag == "W/\"4711050\"")
    }

    @Test func aReplyThatIsNotMultipartIsUnexpected() async throws {
        let transport = ScriptedTransport(.json("{}"))
        let error = await #expect(throws: ODataClientError.self) { try await sendBatch(transport) }
        guard case .unexpectedResponse? = error else {
            Issue.record("expected unexpectedResponse, got \(String(describing: error))")
            return
        }
    }
}
