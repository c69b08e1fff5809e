import CRM2011Model
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Generated CRM 2011 classes against a real OData v2 server (pyslet serving
/// SampleMetadata/CRM2011.OrganizationData.xml in verbose JSON, pages of 2): create → retrieve → MERGE (only changed
/// fields) → query with paging → delete, each checked on the server with plain HTTP.
@Suite(.enabled(if: LiveServers.v2 != nil || LiveServers.required, LiveServers.skipMessage), .serialized)
struct ODataV2LiveTests {
    private let root: URL
    private let transport = LiveServers.recordingTransport()
    private let client: ODataClient

    init() throws {
        root = try #require(LiveServers.v2, LiveServers.skipMessage)
        client = LiveServers.client(root, version: .v2, transport: transport, register: GeneratedEntities.register(in:))
    }

    private func account(_ number: String, name: String) -> Account {
        let account = Account()
        account.recordId = UUID()
        account.name = name
        account.accountNumber = number
        return account
    }

    @Test func createRetrieveMergeDelete() async throws {
        let owner = UUID()
        let created = account("A-" + LiveServers.runId, name: "Contoso")
        created.revenue = Money(Decimal(string: "1234.50") ?? 0)
        created.industryCode = OptionSetValue(3)
        created.ownerId = EntityReference(logicalName: "systemuser", id: owner, name: "Ann")
        created.createdOn = Date(timeIntervalSince1970: 1_700_000_000.25)
        created.entityImage = Data([1, 2, 3])
        let id = try #require(created.recordId)
        let path = "AccountSet(guid'\(id.uuidString.lowercased())')"

        let location = try await client.create(created)
        #expect(location.id == id)
        let onServer = try #require(try await ServerProbe.get(root, path).json?["d"] as? [String: Any])
        #expect(onServer["Name"] as? String == "Contoso")
        #expect((onServer["Revenue"] as? [String: Any])?["Value"] as? String == "1234.5")
        #expect((onServer["IndustryCode"] as? [String: Any])?["Value"] as? Int == 3)
        #expect(
            ((onServer["OwnerId"] as? [String: Any])?["Id"] as? String)?.lowercased() == owner.uuidString.lowercased()
        )
        #expect(onServer["CreatedOn"] as? String == "/Date(1700000000250)/")

        let retrieved = try await client.retrieve(Account.self, id: id)
        #expect(retrieved.name == "Contoso")
        #expect(retrieved.revenue == Money(Decimal(string: "1234.5") ?? 0))
        #expect(retrieved.industryCode == OptionSetValue(3))
        // A reference's name is the service's to fill in (CRM ignores it on write; pyslet keeps what it got: none).
        #expect(retrieved.ownerId == EntityReference(logicalName: "systemuser", id: owner))
        #expect(retrieved.createdOn == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(retrieved.entityImage == Data([1, 2, 3]))
        #expect(retrieved.parentAccountId == nil)

        retrieved.name = "Contoso Ltd"
        retrieved.industryCode = OptionSetValue(7)
        try await client.update(retrieved)
        let merge = try #require(transport.requests.last)
        #expect(merge.method == "POST" && merge[header: "X-HTTP-Method"] == "MERGE")
        let sent = try #require(try JSONSerialization.jsonObject(with: merge.body ?? Data()) as? [String: Any])
        #expect(sent.keys.sorted() == ["IndustryCode", "Name"])
        let merged = try #require(try await ServerProbe.get(root, path).json?["d"] as? [String: Any])
        #expect(merged["Name"] as? String == "Contoso Ltd")
        #expect((merged["IndustryCode"] as? [String: Any])?["Value"] as? Int == 7)
        #expect((merged["Revenue"] as? [String: Any])?["Value"] as? String == "1234.5")
        #expect(merged["AccountNumber"] as? String == "A-" + LiveServers.runId)

        try await client.delete(retrieved)
        #expect(try await ServerProbe.get(root, path).status == 404)
    }

    @Test func queryFollowsNextLinksWithoutLossOrDuplicates() async throws {
        let prefix = "PG-" + LiveServers.runId
        let accounts = (1...5).map { account("\(prefix)-\($0)", name: "Paged \($0)") }
        for account in accounts { try await client.create(account) }
        let query = ODataQuery(
            select: ["AccountId", "AccountNumber"],
            filter: "substringof('\(prefix)',AccountNumber)",
            orderBy: ["AccountNumber"],
            count: true
        )

        var pageSizes: [Int] = []
        var seen: [String] = []
        for try await page in client.pages(Account.self, query: query) {
            pageSizes.append(page.entities.count)
            seen += page.entities.compactMap(\.accountNumber)
            if pageSizes.count == 1 { #expect(page.totalCount == 5) }
        }
        #expect(pageSizes == [2, 2, 1])
        #expect(seen == accounts.compactMap(\.accountNumber))

        let all = try await client.retrieveAll(Account.self, query: query)
        #expect(Set(all.compactMap(\.recordId)) == Set(accounts.compactMap(\.recordId)))
        #expect(all.count == 5)

        for account in accounts { try await client.delete(account) }
        let after = try await ServerProbe.get(
            root,
            ServerProbe.encoded("AccountSet?$filter=substringof('\(prefix)',AccountNumber)")
        )
        #expect(((after.json?["d"] as? [String: Any])?["results"] as? [Any])?.isEmpty == true)
    }

    @Test func typedQueriesReturnTheRowsOfTheHandWrittenURL() async throws {
        let prefix = "TQ-" + LiveServers.runId
        let revenues = [90, 150, 151, 400]
        let accounts = revenues.enumerated()
            .map { index, revenue -> Account in
                let account = self.account("\(prefix)-\(index)", name: index == 1 ? "O'Neil" : "Account \(index)")
                account.revenue = Money(Decimal(revenue))
                account.industryCode = OptionSetValue(Int32(index))
                return account
            }
        for account in accounts { try await client.create(account) }
        let typed = Query<Account>().select(\.accountId, \.accountNumber)
            .filter { $0.accountNumber.contains(prefix) && ($0.revenue > Money(150) || $0.name == "O'Neil") }
            .orderBy(\.accountNumber)
        let rows = try await client.retrieveAll(typed)
        let direct = try await ServerProbe.all(
            root,
            ServerProbe.encoded(
                "AccountSet?$select=AccountNumber&$filter=substringof('\(prefix)',AccountNumber) and (Revenue/Value gt 150M or Name eq 'O''Neil')&$orderby=AccountNumber"
            )
        )
        let expected = direct.compactMap { $0["AccountNumber"] as? String }
        #expect(rows.compactMap(\.accountNumber) == expected)
        #expect(rows.compactMap(\.accountNumber) == ["\(prefix)-1", "\(prefix)-2", "\(prefix)-3"])
        for account in accounts { try await client.delete(account) }
    }

    @Test func associateThroughLinks() async throws {
        let parent = account("L-" + LiveServers.runId, name: "Linked")
        let contact = Contact()
        contact.recordId = UUID()
        contact.fullName = "Ada"
        try await client.create(parent)
        try await client.create(contact)
        let contactURL = "ContactSet(guid'\(contact.recordId?.uuidString.lowercased() ?? "")')"
        let related = "AccountSet(guid'\(parent.recordId?.uuidString.lowercased() ?? "")')/contact_customer_accounts"

        try await client.associate(parent, navigationProperty: "contact_customer_accounts", with: contact)
        let linked = try await ServerProbe.get(root, related)
        let results = try #require((linked.json?["d"] as? [String: Any])?["results"] as? [[String: Any]])
        #expect(
            results.compactMap { ($0["__metadata"] as? [String: Any])?["uri"] as? String }
                .map { $0.hasSuffix(contactURL) } == [true]
        )

        try await client.disassociate(parent, navigationProperty: "contact_customer_accounts", from: contact)
        let unlinked = try await ServerProbe.get(root, related)
        #expect(((unlinked.json?["d"] as? [String: Any])?["results"] as? [Any])?.isEmpty == true)
        try await client.delete(parent)
        try await client.delete(contact)
    }

    @Test func serviceErrorsAreTyped() async throws {
        await #expect { try await client.retrieve(Account.self, id: UUID()) } throws: { error in
            guard let error = error as? ODataServiceError, error.reason == .notFound else { return false }
            return error.statusCode == 404 && error.message.contains("Resource not found")
                && error.localizedDescription == error.message
        }
    }
}
