import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import SAPDeltaModel
import TestSupport
import Testing

extension OfflineLive {
    /// An upload to a SAP Gateway service with its repeatability (`RequestID`, `RepeatabilityCreation`) killed at
    /// random points and run again: every change is on the server exactly once, checked on the server.
    @Suite(.serialized) struct SAPGatewayCrashSafetyLiveTests {
        static let root = TestServers.url(.sapDelta)
        static let log = TestServers.value(.sapDeltaLog)

        init() { SAPDeltaModel.GeneratedEntities.register() }

        @Test(.enabled(if: root != nil || TestServers.required, OfflineServer.skipMessage))
        func killedUploadsLeaveEveryChangeOnTheServerOnce() async throws {
            let child = try #require(BuiltProducts.executable("OfflineUploadChild"), "build the package first")
            let root = try #require(Self.root)
            var generator = SeededGenerator(seed: 4)
            var inFlight = 0
            var unsent = 0
            for seed in 0..<12 {
                // Product ids have at most ten characters.
                let suffix = String(UUID().uuidString.prefix(5))
                for index in 0..<4 { try await Self.post(id: "P\(index)\(suffix)", category: suffix, root: root) }
                let file = try Paths.temporaryDirectory().appendingPathComponent("store.sqlite")
                let query = DefiningQuery("products", Query<Product>().filter { $0.category == suffix })
                let store = try OfflineStore(
                    at: file,
                    client: ODataClient(serviceRoot: root, version: .v2),
                    definingQueries: [query]
                )
                try await store.download()
                for index in 0..<2 {
                    let product = Product(creatingWithKey: EntityKey("N\(index)\(suffix)"))
                    product.name = "New \(index)"
                    product.category = suffix
                    product.price = Decimal(index + 1)
                    try store.create(product)
                }
                for index in 0..<2 {
                    let product = try #require(try store.entity(Product.self, key: EntityKey("P\(index)\(suffix)")))
                    product.name = "Changed \(seed)"
                    try store.update(product)
                }
                try store.delete(try #require(try store.entity(Product.self, key: EntityKey("P3\(suffix)"))))
                let logStart = try OfflineServer.requestLog(Self.log).count

                try await CrashSafetyLiveTests.runAndKill(
                    child,
                    ["upload-sap", file.path, root.absoluteString],
                    seed: seed,
                    writes: 5,
                    after: logStart,
                    in: Self.log,
                    using: &generator
                )
                let left = try OfflineStore(at: file, client: nil, definingQueries: [query]).pendingRequests()
                inFlight += left.filter(\.isInFlight).count
                unsent += left.filter { !$0.isInFlight }.count

                let report = try await OfflineStore(
                    at: file,
                    client: ODataClient(serviceRoot: root, version: .v2),
                    definingQueries: [query],
                    repeatability: .sapGateway
                )
                .upload()
                #expect(report.archivedCount == 0, "seed \(seed)")
                let names = try await Self.serverNames(category: suffix, root: root)
                #expect(
                    names == [
                        "N0\(suffix)": "New 0", "N1\(suffix)": "New 1", "P0\(suffix)": "Changed \(seed)",
                        "P1\(suffix)": "Changed \(seed)", "P2\(suffix)": "Product 2",
                    ],
                    "seed \(seed)"
                )
            }
            #expect(inFlight > 0, "no kill landed between a send and its answer")
            #expect(unsent > 0, "no kill landed before the upload's end")
            print("sapGateway: \(inFlight) requests recovered in flight, \(unsent) left unsent")
        }

        static func post(id: String, category: String, root: URL) async throws {
            let index = id.dropFirst().prefix(1)
            let (status, _) = try await OfflineServer.http(
                "POST",
                "Products",
                json: ["ProductID": id, "Name": "Product \(index)", "Price": "1.50", "Category": category],
                headers: ["Accept": "application/json"],
                root: root
            )
            #expect(status == 201)
        }

        /// The products of a category on the server and their names, read page by page with plain HTTP.
        static func serverNames(category: String, root: URL) async throws -> [String: String] {
            var names: [String: String] = [:]
            var path: String? = "Products?$filter=Category%20eq%20'\(category)'"
            while let next = path {
                let body =
                    try await OfflineServer.http("GET", next, headers: ["Accept": "application/json"], root: root).body
                let page = body?["d"] as? [String: Any]
                for product in page?["results"] as? [[String: Any]] ?? [] {
                    guard let id = product["ProductID"] as? String else { continue }
                    #expect(names[id] == nil, "\(id) once")
                    names[id] = product["Name"] as? String ?? ""
                }
                path = page?["__next"] as? String
            }
            return names
        }
    }
}
