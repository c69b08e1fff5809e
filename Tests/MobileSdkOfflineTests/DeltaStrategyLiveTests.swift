import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import SAPDeltaModel
import TestSupport
import Testing

extension OfflineLive {
    /// The download strategies besides the OData v4 delta link: SAP Gateway's `!deltatoken` (OData v2), and the full
    /// read with a key diff that Dataverse needs for a filtered query.
    @Suite(.serialized) struct DeltaStrategyLiveTests {
        static let sap = TestServers.url(.sapDelta)
        static let sapLog = TestServers.value(.sapDeltaLog)
        static let dataverse = TestServers.url(.dataverseDelta)

        init() {
            SAPDeltaModel.GeneratedEntities.register()
            DataverseModel.GeneratedEntities.register()
        }

        @Test(.enabled(if: sap != nil || TestServers.required, OfflineServer.skipMessage)) func sapGatewayDeltaTokens()
            async throws
        {
            let root = try #require(Self.sap)
            let suffix = String(UUID().uuidString.prefix(6))
            let ids = (1...4).map { "P\($0)-\(suffix)" }
            for (index, id) in ids.enumerated() {
                let (status, _) = try await OfflineServer.http(
                    "POST",
                    "Products",
                    json: [
                        "ProductID": id, "Name": "Product \(index)", "Price": "\(index + 1).50", "Category": suffix,
                    ],
                    headers: ["Accept": "application/json"],
                    root: root
                )
                #expect(status == 201)
            }
            let client = ODataClient(serviceRoot: root, version: .v2)
            let query = DefiningQuery("products", Query<Product>().filter { $0.category == suffix })
            let store = try OfflineStore.inMemory(types: [], definingQueries: [query], client: client)
            let first = try #require(try await store.download().queries.first)
            #expect(first.strategy == .deltaToken)
            #expect(first.receivedCount == 4)

            try await OfflineServer.http(
                "POST",
                "Products('\(ids[0])')",
                json: ["Name": "Renamed"],
                headers: ["X-HTTP-Method": "MERGE", "Accept": "application/json"],
                root: root
            )
            try await OfflineServer.http("DELETE", "Products('\(ids[1])')", root: root)
            let logStart = try OfflineServer.requestLog(Self.sapLog).count
            let delta = try #require(try await store.download().queries.first)
            #expect(delta.wasDelta)
            #expect(delta.strategy == .deltaToken)
            #expect(delta.receivedCount == 1)
            #expect(delta.removedCount == 1)
            let reads = try OfflineServer.requestLog(Self.sapLog).dropFirst(logStart)
            #expect(reads.count == 1 && reads.allSatisfy { $0.contains("!deltatoken=") })
            #expect(try store.entity(Product.self, key: EntityKey(ids[0]))?.name == "Renamed")
            #expect(try store.entity(Product.self, key: EntityKey(ids[1])) == nil)
            #expect(try store.count(Query<Product>()) == 3)

            try await OfflineServer.expireDeltaTokens(root: root)
            let expired = try #require(try await store.download().queries.first)
            #expect(expired.deltaExpired)
            #expect(try store.count(Query<Product>()) == 3)
        }

        @Test(.enabled(if: dataverse != nil || TestServers.required, OfflineServer.skipMessage))
        func dataverseFilteredQueriesAreReadWholeAndDiffedByKey() async throws {
            let root = try #require(Self.dataverse)
            let marker = "t" + String(UUID().uuidString.prefix(6))
            var ids: [UUID] = []
            for index in 0..<4 {
                let id = UUID()
                ids.append(id)
                let (status, _) = try await OfflineServer.http(
                    "POST",
                    "accounts",
                    json: [
                        "accountid": id.uuidString.lowercased(), "name": "\(marker) \(index)",
                        "numberofemployees": index,
                    ],
                    root: root
                )
                #expect(status == 201 || status == 204)
            }
            let client = ODataClient(serviceRoot: root)
            let filtered = DefiningQuery("mine", Query<Account>().filter { $0.name.hasPrefix(marker) })
            let everything = DefiningQuery("all accounts", Query<Account>())
            let store = try OfflineStore.inMemory(types: [], definingQueries: [filtered, everything], client: client)
            let first = try await store.download().queries
            #expect(first.map(\.strategy) == [.fullReadWithKeyDiff, .deltaLink])
            #expect(first[0].receivedCount == 4)

            try await OfflineServer.http("DELETE", "accounts(\(ids[0].uuidString.lowercased()))", root: root)
            try await OfflineServer.http(
                "PATCH",
                "accounts(\(ids[1].uuidString.lowercased()))",
                json: ["name": "renamed away"],
                root: root
            )
            let second = try await store.download().queries
            // The filtered query read everything again; the unfiltered one got the deletion by its bare GUID.
            #expect(!second[0].wasDelta && second[1].wasDelta)
            #expect(second[0].receivedCount == 2)
            #expect(try store.entity(Account.self, key: .id(ids[0])) == nil)
            #expect(try store.count(Query<Account>().filter { $0.name.hasPrefix(marker) }) == 2)
            #expect(try store.entity(Account.self, key: .id(ids[1]))?.name == "renamed away")
        }
    }
}
