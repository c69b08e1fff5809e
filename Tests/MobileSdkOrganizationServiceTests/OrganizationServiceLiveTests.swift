import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import TestSupport
import Testing

@testable import MobileSdkOrganizationService

/// The `orgservice` server of `scripts/test-servers.sh`: `Execute` answered from Tests/Servers/organization_exchanges,
/// every request envelope validated against the organization service's published schemas.
enum OrganizationServer {
    static let root = TestServers.value(.organizationService).flatMap(URL.init(string:))
    static let token = TestServers.value(.organizationServiceToken)
    static let log = TestServers.value(.organizationServiceLog)
    /// The schemas the server validates against; the server is not started where they are absent.
    static let schemasPresent = FileManager.default.fileExists(
        atPath: Paths.root
            .appendingPathComponent("../shared/specs/dynamics-organization-service/Organization.svc.singleWsdl.wsdl")
            .path
    )
    static let skipMessage: Comment = """
        no organization service test server: run scripts/test-servers.sh start (scripts/test.sh does); it needs the \
        published schemas in ../shared/specs/dynamics-organization-service
        """
}

@Suite(
    .enabled(
        if: OrganizationServer.root != nil || (TestServers.required && OrganizationServer.schemasPresent),
        OrganizationServer.skipMessage
    )
) struct OrganizationServiceLiveTests {
    /// This test's service root, its own path under the server's, so that its lines of the shared log are its own.
    let root: URL
    /// The server's root with a service-protection fault first for each message.
    let throttledRoot: URL
    let run = "run-" + UUID().uuidString.prefix(8).lowercased()
    let registry: EntityRegistry = ResponseTests.registry

    init() throws {
        let server = try #require(OrganizationServer.root, OrganizationServer.skipMessage)
        root = server.appendingPathComponent(run + "/")
        throttledRoot = try #require(URL(string: "/throttled/\(run)/", relativeTo: server)?.absoluteURL)
    }

    func service(root: URL? = nil, impersonating: ODataClient.Impersonation? = nil, clock: TestClock? = nil) throws
        -> OrganizationServiceClient
    {
        let token = try #require(OrganizationServer.token)
        let policy = clock?.retryPolicy() ?? RetryPolicy()
        return OrganizationServiceClient(
            .init(
                serviceRoot: root ?? self.root,
                authentication: BearerTokenAuthentication { _ in token },
                retryPolicy: policy,
                allowsInsecureHTTP: true,
                registry: registry,
                impersonating: impersonating
            )
        )
    }

    /// This test's lines of the server's log, without the path: `MESSAGE STATUS caller=… auth=… bytes=…`.
    func logLines() throws -> [String] {
        let text = try String(contentsOfFile: try #require(OrganizationServer.log), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.contains("/\(run)/ ") }
            .map { String($0.split(separator: " ", maxSplits: 1).last ?? "") }
    }

    /// The message and status of each of this test's requests.
    func exchanges() throws -> [String] {
        try logLines().map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
    }

    @Test func setStateOnAnAccount() async throws {
        let account = Account(id: UUID())
        try await service()
            .execute(SetStateRequest(try #require(account.reference), state: AccountStateCode.inactive, status: 2))
        #expect(try exchanges() == ["SetState 200"])
    }

    @Test func retrieveMultipleWithFetchXmlPagesThroughEarlyBoundAccounts() async throws {
        var accounts: [Account] = []
        var cookie: String?
        var page = 1
        var cookies: [String?] = []
        while true {
            var fetch = #"<fetch page="\#(page)" count="2""#
            if let cookie {
                fetch +=
                    #" paging-cookie="\#(cookie.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;"))""#
            }
            fetch += #"><entity name="account"><attribute name="name"/><attribute name="revenue"/></entity></fetch>"#
            let records = try await service().execute(RetrieveMultipleRequest(fetchXml: fetch))
            accounts += try records.entities.map { try $0.toEntity(Account.self) }
            cookies.append(records.pagingCookie)
            guard records.moreRecords else { break }
            cookie = records.pagingCookie
            page += 1
        }
        #expect(page == 3)
        #expect(accounts.map(\.name) == ["Adventure Works", "Blue Yonder", "City Power", "Coho Winery", "Fabrikam"])
        #expect(accounts.map(\.industryCode) == [.manufacturing, .logistics, .government, .software, .manufacturing])
        #expect(accounts[2].revenue == Money(3000))
        #expect(accounts[2].formattedValue(\.revenue) == "$3000.00")
        #expect(cookies.count == 3 && cookies[0]?.hasPrefix(#"<cookie page="1">"#) == true && cookies[2] == nil)
    }

    @Test func aQueryExpressionValidatesAndPages() async throws {
        let query = QueryExpression(
            "account",
            columnSet: ColumnSet(["name", "revenue"]),
            criteria: .init(.and, conditions: [.init("revenue", "GreaterThan", [.money(Money(500))])]),
            linkEntities: [.init(from: "account", "primarycontactid", to: "contact", "contactid", entityAlias: "c")],
            orders: [.init("name")],
            pageInfo: .init(count: 2, pageNumber: 2)
        )
        let records = try await service().execute(RetrieveMultipleRequest(query))
        #expect(records.entities.compactMap { ($0 as? Account)?.name } == ["City Power", "Coho Winery"])
    }

    @Test func createRetrieveUpdateDelete() async throws {
        let account = Account()
        account.name = "Contoso <&> \"Ltd\""
        account.revenue = Money(Decimal(string: "1234.56")!)
        account.industryCode = .software
        let id = try await service().execute(CreateRequest(account))
        #expect(id == UUID(uuidString: "c0ffee00-0000-4000-8000-000000000001"))
        let read = try await service()
            .execute(RetrieveRequest(Account.self, id: UUID(), columnSet: ColumnSet(["name"])))
        #expect(read.name == "Fourth Coffee" && read.industryCode == .government)
        read.name = "Fourth Coffee Ltd"
        try await service().execute(UpdateRequest(read))
        try await service().execute(DeleteRequest(try #require(read.reference)))
        #expect(try exchanges() == ["Create 200", "Retrieve 200", "Update 200", "Delete 200"])
    }

    @Test func aRecordIsCreatedWithItsRelatedRecords() async throws {
        let account = Account()
        account.name = "Contoso"
        let contact = Contact()
        contact.lastName = "Lovelace"
        account.setRelatedCollection([contact], for: "contact_customer_accounts")
        try await service().execute(CreateRequest(account))
        #expect(try exchanges() == ["Create 200"])
    }

    @Test func aMissingRecordIsAFaultWithItsInnerFaults() async throws {
        let missing = UUID(uuidString: "ffffffff-ffff-ffff-ffff-ffffffffffff")!
        do {
            _ = try await service().execute(RetrieveRequest(Account.self, id: missing))
            Issue.record("no fault")
        } catch let fault as OrganizationServiceFault {
            #expect(fault.hexadecimalCode == "0x80040217")
            #expect(fault.localizedDescription.hasSuffix("Does Not Exist"))
            #expect(fault.innerFaults.map(\.errorCode) == [-2_147_220_969, -2_147_204_784])
            #expect(fault.traceText?.contains("SyncWorkflowExecutionPlugin") == true)
        }
    }

    @Test func aServiceProtectionFaultIsWaitedOut() async throws {
        let clock = TestClock()
        try await service(root: throttledRoot, clock: clock).execute(OrganizationRequest(name: "WhoAmI"))
        #expect(clock.waits == [1])
        #expect(try exchanges() == ["WhoAmI 500", "WhoAmI 200"])
    }

    @Test func impersonationSendsTheCallerId() async throws {
        let caller = UUID()
        let response = try await service(impersonating: .systemUser(caller))
            .execute(OrganizationRequest(name: "WhoAmI"))
        #expect(try response.value("UserId", as: UUID.self) == UUID(uuidString: "a1b2c3d4-0000-4000-8000-000000000001"))
        #expect(try logLines().first?.contains("caller=\(caller.uuidString.lowercased()) auth=bearer") == true)
    }

    @Test func aGeneratedWebAPIRequestGoesOverSOAPToo() async throws {
        let close = CrmBaseEntity(logicalName: "opportunityclose")
        close["subject"] = .string("Won")
        close["opportunityid"] = .entityReference(EntityReference(Opportunity.self, id: UUID()))
        try await service().execute(WinOpportunityRequest(opportunityClose: close, status: .won))
        #expect(try exchanges() == ["WinOpportunity 200"])
    }

    @Test func generatedRequestsWithResultsReadThemOverSOAP() async throws {
        let service = try service()
        let whoAmI = try #require(try await service.execute(WhoAmIRequest()))
        #expect(whoAmI.userId == UUID(uuidString: "a1b2c3d4-0000-4000-8000-000000000001"))
        #expect(whoAmI.businessUnitId == UUID(uuidString: "a1b2c3d4-0000-4000-8000-000000000002"))
        // Bound to a record: its reference is the message's Target.
        let queueItem = try await service.execute(
            AddAccountToQueueRequest(boundTo: EntityKey(UUID()), queueId: UUID(), priority: 1)
        )
        #expect(queueItem == UUID(uuidString: "9a9e0e0e-0000-4000-8000-000000000007"))
        #expect(try exchanges() == ["WhoAmI 200", "AddAccountToQueue 200"])
    }

    /// The seed SDK's example of a message an app adds: `AutoMapEntity`, in a few lines.
    struct AutoMapEntityRequest: OrganizationMessage {
        var entityMapId: UUID
        var request: OrganizationRequest {
            OrganizationRequest(name: "AutoMapEntity", parameters: ["EntityMapId": .attribute(.guid(entityMapId))])
        }
    }

    @Test func anAppsOwnMessageInAFewLines() async throws {
        try await service().execute(AutoMapEntityRequest(entityMapId: UUID()))
        #expect(try exchanges() == ["AutoMapEntity 200"])
    }

    @Test func theServerRefusesAnEnvelopeThatDoesNotValidate() async throws {
        let service = try service()
        var request = HTTPRequest(
            method: "POST",
            url: service.endpoint,
            body: Data(
                """
                <s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Execute \
                xmlns="http://schemas.microsoft.com/xrm/2011/Contracts/Services"><request><RequestName \
                xmlns="http://schemas.microsoft.com/xrm/2011/Contracts">WhoAmI</RequestName><Bogus/></request>\
                </Execute></s:Body></s:Envelope>
                """
                .utf8
            )
        )
        request[header: "SOAPAction"] =
            "http://schemas.microsoft.com/xrm/2011/Contracts/Services/IOrganizationService/Execute"
        request[header: "Content-Type"] = "text/xml; charset=utf-8"
        let response = try await service.client.send(request, answering: { $0.statusCode == 500 })
        guard case .fault(let fault) = try SOAPEnvelope.answer(response.body, registry: registry) else {
            Issue.record("not a fault")
            return
        }
        #expect(fault.message.hasPrefix("The request does not validate: "), "\(fault.message)")
    }
}
