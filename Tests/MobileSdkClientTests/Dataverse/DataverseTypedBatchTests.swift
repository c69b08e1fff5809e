import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Typed `$batch` in the shapes of "Execute batch operations using the Web API": Content-ID references inside a
/// change set, per-part results, a generated action as a part, a change set that fails as a whole with one error,
/// and `Prefer: odata.continue-on-error`.
struct DataverseTypedBatchTests {
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"
    private static let boundary = "batchresponse_c1bd45c1-dd81-470d-b897-e965846aad2f"

    /// A multipart/mixed `$batch` answer of these parts (each a part's HTTP text, or a change set of them).
    private func answer(_ parts: [Either]) -> ScriptedTransport.Reply {
        var body = ""
        for part in parts {
            body += "--\(Self.boundary)\r\n"
            switch part {
            case .single(let http):
                body += "Content-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n\r\n\(http)\r\n"
            case .changeSet(let responses):
                let changeSet = "changesetresponse_ff83b4f1-ab48-430c-b81c-926a2c596abc"
                body += "Content-Type: multipart/mixed; boundary=\(changeSet)\r\n\r\n"
                for (contentID, http) in responses {
                    body += "--\(changeSet)\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
                    body += "Content-ID: \(contentID)\r\n\r\n\(http)\r\n"
                }
                body += "--\(changeSet)--\r\n"
            }
        }
        body += "--\(Self.boundary)--\r\n"
        return .response(
            HTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "multipart/mixed; boundary=\(Self.boundary)"],
                body: Data(body.utf8)
            )
        )
    }

    private enum Either {
        case single(String)
        case changeSet([(Int, String)])
    }

    private func created(_ set: String, _ id: UUID) -> String {
        "HTTP/1.1 204 No Content\r\nOData-Version: 4.0\r\nOData-EntityId: \(root)\(set)(\(id.uuidString.lowercased()))\r\n"
    }

    @Test func aChangeSetCreatesAnAccountAndAContactBoundToIt() async throws {
        let transport = ScriptedTransport(
            answer([
                .changeSet([
                    (1, created("accounts", IDs.account)), (2, created("contacts", IDs.createdContact)),
                    (3, "HTTP/1.1 204 No Content\r\nOData-Version: 4.0\r\n"),
                ]),
                .single(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json; odata.metadata=minimal\r\nOData-Version: 4.0\r\n\r\n"
                        + #"{"@odata.etag":"W/\"80\"","contactid":"c1a4f2d0-3e5b-4c6d-8e9f-0a1b2c3d4e5f","fullname":"Rene Valdes"}"#
                ),
            ])
        )
        let client = TestClients.dataverse(transport)
        let account = Account()
        account.name = "Fourth Coffee"
        let contact = Contact()
        contact.lastName = "Valdes"
        let close = CrmBaseEntity(logicalName: "opportunityclose")
        close["subject"] = .string("Won")

        let batch = client.makeBatch()
        let changes = batch.changeSet()
        let newAccount = try changes.create(account)
        let newContact = try changes.create(contact, linking: ["parentcustomerid_account": newAccount])
        let won = try changes.invoke(WinOpportunityRequest(opportunityClose: close, status: .won))
        let existing = try batch.retrieve(Contact.self, id: IDs.contact, select: ["fullname"])
        let results = try await batch.send()

        #expect(try results[newAccount].id == IDs.account)
        #expect(try results[newContact].id == IDs.createdContact)
        try results[won]
        #expect(try results[existing].fullName == "Rene Valdes")
        #expect(account.recordId == IDs.account && account.changedAttributeNames.isEmpty)
        #expect(contact.recordId == IDs.createdContact)

        let body = try #require(transport.requests.first).bodyText
        #expect(body.contains("Content-ID: 1\r\n\r\nPOST \(root)accounts HTTP/1.1"))
        #expect(body.contains("Content-ID: 2\r\n\r\nPOST \(root)contacts HTTP/1.1"))
        #expect(body.contains(#"{"parentcustomerid_account@odata.bind":"$1","lastname":"Valdes"}"#))
        #expect(body.contains("Content-ID: 3\r\n\r\nPOST \(root)WinOpportunity HTTP/1.1"))
        #expect(body.contains("GET \(root)contacts(c1a4f2d0-3e5b-4c6d-8e9f-0a1b2c3d4e5f)?$select=fullname HTTP/1.1"))
    }

    @Test func aFailedChangeSetGivesEachRequestItsErrorAndStopsTheBatch() async throws {
        let failure =
            "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; odata.metadata=minimal\r\nOData-Version: 4.0\r\n\r\n"
            + #"{"error":{"code":"0x80040237","message":"A record with matching key values already exists."}}"#
        let transport = ScriptedTransport(answer([.changeSet([(2, failure)])]))
        let client = TestClients.dataverse(transport)
        let first = Account()
        first.name = "A"
        let second = Account()
        second.name = "B"

        let batch = client.makeBatch()
        let changes = batch.changeSet()
        let a = try changes.create(first)
        let b = try changes.create(second)
        let read = try batch.retrieve(Account.self, id: IDs.account)
        let results = try await batch.send()

        for item in [a, b] {
            #expect { try results[item] } throws: { error in (error as? ODataServiceError)?.code == "0x80040237" }
        }
        #expect { try results[read] } throws: { error in
            if case ODataClientError.notExecuted = error { true } else { false }
        }
        #expect(results.statusCodes == [400, 400, nil])
        #expect(
            first.recordId == nil && !first.changedAttributeNames.isEmpty,
            "a failed create leaves the entity as it was"
        )
        #expect(transport.requests.first?[header: "Prefer"]?.contains("odata.continue-on-error") != true)
    }

    @Test func continueOnErrorIsAskedForAndLaterPartsStillAnswer() async throws {
        let notFound =
            "HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\n\r\n"
            + #"{"error":{"code":"0x80040217","message":"account With Id = 7b4814f9-b0b8-ea11-a812-000d3a122b89 Does Not Exist"}}"#
        let transport = ScriptedTransport(
            answer([.single(notFound), .changeSet([(1, "HTTP/1.1 204 No Content\r\n")])])
        )
        let client = TestClients.dataverse(transport)
        let gone = Account(id: IDs.secondAccount)
        let kept = Account(id: IDs.account)
        kept.name = "Renamed"

        let batch = client.makeBatch()
        let read = try batch.retrieve(Account.self, id: IDs.secondAccount)
        let update = try batch.changeSet().update(kept)
        let results = try await batch.send(continueOnError: true)

        #expect(throws: ODataServiceError.self) { try results[read] }
        try results[update]
        #expect(kept.changedAttributeNames.isEmpty)
        #expect(gone.recordId == IDs.secondAccount)
        #expect(transport.requests.first?[header: "Prefer"]?.contains("odata.continue-on-error") == true)
    }

    @Test func aReferenceMustNameACreateOfTheSameChangeSet() throws {
        let client = TestClients.dataverse(ScriptedTransport())
        let batch = client.makeBatch()
        let elsewhere = try batch.changeSet().create(Account())
        #expect(throws: ODataClientError.self) {
            try batch.changeSet().create(Contact(), linking: ["parentcustomerid_account": elsewhere])
        }
    }
}
