// Offline store benchmark, in one process so that machine load affects each side alike:
//   download   10,000 `new_benchmarkrecord` rows (50 columns, the decode benchmark's data) from recorded pages
//              (fresh bytes for each request, as a network gives them) into a store file, beside the floor: the
//              same rows, already decoded, inserted by one prepared SQLite statement in one transaction (raw sqlite3
//              calls) into the same table with the same index and settings
//   query      a filtered local query's first page of 50, ordered by name (the stores declare an index for it)
//   live       how long after a write a live query shows the new results
//   memory     (--memory-only, in a process of its own) how much the process grows during a download, once the
//              store is open, against the size of one page it reads
//
// Usage: swift run -c release OfflineBenchmark [--records N] [--page-size N] [--runs N] [--download-only]
//        [--memory-only]
import Foundation
import GRDB
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import Observation

struct Options {
    var records = 10_000
    var pageSize = 1_000
    var runs = 5
    /// Only the download and the floor (for a profiler).
    var downloadOnly = false
    /// Only the memory measurement, in a process that did nothing else before (so that no earlier download's freed
    /// memory hides the growth).
    var memoryOnly = false

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            if argument == "--download-only" || argument == "--memory-only" {
                downloadOnly = downloadOnly || argument == "--download-only"
                memoryOnly = memoryOnly || argument == "--memory-only"
                continue
            }
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                Self.fail("\(argument) takes a positive number")
            }
            switch argument {
            case "--records": records = value
            case "--page-size": pageSize = value
            case "--runs": runs = value
            default: Self.fail("unknown argument '\(argument)'")
            }
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(
            Data(
                ("OfflineBenchmark: \(message)\n"
                    + "usage: OfflineBenchmark [--records N] [--page-size N] [--runs N] [--download-only] "
                    + "[--memory-only]\n")
                    .utf8
            )
        )
        exit(2)
    }
}

/// Serves the recorded pages: the first for the query, page N for `$skiptoken=N`.
struct RecordedPages: HTTPTransport {
    let pages: [Data]

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let token =
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "$skiptoken" }?
            .value.flatMap { Int($0) } ?? 0
        // Fresh bytes, as a network delivers them: the memory measurement counts the page the download holds.
        let body = pages[token].withUnsafeBytes { Data($0) }
        return HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "application/json"], body: body)
    }
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: String { String(format: "%.2f ms", seconds * 1000) }
}

/// The folder of the run's files, removed when the process exits.
let runFolder = FileManager.default.temporaryDirectory.appendingPathComponent("OfflineBenchmark-\(UUID().uuidString)")

/// A fresh file in a fresh folder of the run's folder.
func freshFile(_ name: String) throws -> URL {
    let folder = runFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name)
}

/// The floor: the rows inserted by one prepared statement in one transaction, with raw sqlite3 calls.
func insertRaw(_ rows: [[DatabaseValue]], columns: [String], createSQL: String, table: String) throws -> Duration {
    let pool = try DatabasePool(
        path: try freshFile("floor.sqlite").path,
        configuration: RawStatements.writerConfiguration
    )
    try pool.write { db in try db.execute(sql: createSQL) }
    let sql = RawStatements.insertSQL(table: table, columns: columns)
    return try pool.writeWithoutTransaction { db in try RawStatements.execute(sql, rows: rows, db) }
}

/// The rows the store wrote, its columns and the table's `CREATE TABLE` and `CREATE INDEX`: what the floor inserts.
func storedRows(_ file: URL, table: String) throws -> ([String], [[DatabaseValue]], String) {
    let queue = try DatabaseQueue(path: file.path)
    return try queue.read { db in
        // The table and its declared indexes, so that the floor pays for the same index.
        let createSQL =
            try String.fetchAll(
                db,
                sql: "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC",
                arguments: [table]
            )
            .joined(separator: "; ")
        let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
        let columns = rows.first.map { Array($0.columnNames) } ?? []
        return (columns, rows.map { Array($0.databaseValues) }, createSQL)
    }
}

/// Resident memory now and its high-water mark since the last reset (Linux's /proc/self/status), in bytes.
func memory() -> (resident: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

let options = Options(CommandLine.arguments)
atexit { try? FileManager.default.removeItem(at: runFolder) }
GeneratedEntities.register()
let pages = Payload.pages(records: options.records, pageSize: options.pageSize) {
    "new_benchmarkrecords?$skiptoken=\($0)"
}
guard let root = URL(string: "https://org0a1b2c3d.crm4.dynamics.com/api/data/v9.2/") else { fatalError("no URL") }
let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: RecordedPages(pages: pages)))
let records = DefiningQuery("records", Query<NewBenchmarkRecord>())
/// The index a list of the records sorted by name declares; every store here has it, so the download pays for it.
let byName = StoreIndex(NewBenchmarkRecord.self, \.newName)
let clock = ContinuousClock()
print(
    "OfflineBenchmark: \(options.records) new_benchmarkrecord rows, 50 columns, in pages of \(options.pageSize) "
        + String(format: "(%.1f MiB each)", Double(pages[0].count) / 1_048_576) + "; \(options.runs) runs of each"
)

/// Memory: growth of the process during a download, against one page's bytes.
func measureMemory() async throws {
    // A download of one record first, into a store of its own: what any first download brings into memory (the
    // code it runs, the threads it starts) is not what a page costs, and a record's few bytes hide no growth.
    let warmUpPages = Payload.pages(records: 1, pageSize: 1) { "new_benchmarkrecords?$skiptoken=\($0)" }
    let warmUpClient = ODataClient(
        ODataClient.Configuration(serviceRoot: root, transport: RecordedPages(pages: warmUpPages))
    )
    try await OfflineStore(at: try freshFile("warm-up.sqlite"), client: warmUpClient, definingQueries: [records])
        .download()
    // The store is opened first: opening it (SQLite, the schema) is not the download.
    let memoryStore = try OfflineStore(
        at: try freshFile("store.sqlite"),
        client: client,
        definingQueries: [records],
        indexes: [byName]
    )
    #if canImport(Glibc)
    // What making the payload freed goes back to the system first, so that the download cannot reuse it unseen.
    if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0) }
    #endif
    let before = memory().resident
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    try await memoryStore.download()
    let growth = memory().peak - before
    print(
        String(
            format: "peak memory growth during a download: %.1f MiB, %.2f× the %.1f MiB page it reads (goal ≤ 2×)",
            Double(growth) / 1_048_576,
            Double(growth) / Double(pages[0].count),
            Double(pages[0].count) / 1_048_576
        )
    )
}

if options.memoryOnly {
    try await measureMemory()
    exit(0)
}

// Download, interleaved with the floor.
var downloads: [Duration] = []
var floors: [Duration] = []
var lastStore: OfflineStore?
for run in 0...options.runs {
    let file = try freshFile("store.sqlite")
    let store = try OfflineStore(at: file, client: client, definingQueries: [records], indexes: [byName])
    let start = clock.now
    let report = try await store.download()
    let time = start.duration(to: clock.now)
    guard report.queries.first?.receivedCount == options.records else { fatalError("the download missed records") }
    let (columns, rows, createSQL) = try storedRows(file, table: "entity_new_benchmarkrecord")
    let floor = try insertRaw(rows, columns: columns, createSQL: createSQL, table: "entity_new_benchmarkrecord")
    if run > 0 {  // the first run warms up
        downloads.append(time)
        floors.append(floor)
    }
    lastStore = store
}
let downloadRate = Double(options.records) / median(downloads).seconds
let floorRate = Double(options.records) / median(floors).seconds
print(
    "download into the store      median \(median(downloads).milliseconds), "
        + String(format: "%.0f rows/s", downloadRate)
)
print("floor: raw prepared inserts  median \(median(floors).milliseconds), " + String(format: "%.0f rows/s", floorRate))
print(
    String(
        format: "download / floor: %.0f %% of the floor's rows per second (goal ≥ 50 %%; floor goal ≥ 100,000 rows/s)",
        downloadRate / floorRate * 100
    )
)

if options.downloadOnly { exit(0) }

// A local query's first page.
guard let store = lastStore else { fatalError("no store") }
let page = Query<NewBenchmarkRecord>().filter { $0.newQuantity > 100 && $0.newIsActive == true }.orderBy(\.newName)
    .top(50)
var queries: [Duration] = []
var matched = 0
for _ in 0..<21 {
    let start = clock.now
    matched = try store.fetch(page).count
    queries.append(start.duration(to: clock.now))
}
print(
    "local query, first page of \(matched): median \(median(queries).milliseconds), "
        + "max \((queries.max() ?? .zero).milliseconds) (goal ≤ 10 ms)"
)

// A live query's new results after a write.
let live = LiveQuery(
    Query<NewBenchmarkRecord>().filter { $0.newCity == "Seattle" }.orderBy(\.newName).top(50),
    in: store
)
let latencies = try await live.measureLatency(store: store, clock: clock, writes: 21)
print(
    "live query, new results after a write: median \(median(latencies).milliseconds), "
        + "max \((latencies.max() ?? .zero).milliseconds) (goal ≤ 50 ms)"
)

extension LiveQuery where T == NewBenchmarkRecord {
    /// Renames a record so that it comes first in the results, `writes` times; the time until the results show it.
    func measureLatency(store: OfflineStore, clock: ContinuousClock, writes: Int) async throws -> [Duration] {
        var latencies: [Duration] = []
        let candidates = try store.fetch(Query<NewBenchmarkRecord>().filter { $0.newCity != "Seattle" }.top(writes))
        for (index, record) in candidates.enumerated() {
            // Each name sorts before the one before it, so each write brings a new first result.
            let name = "!" + String(2_000_000 - index)
            record.newCity = "Seattle"
            record.newName = name
            let start = clock.now
            try store.update(record)
            // Woken by the change, as a view is: polling would take the processor from an evaluation off the main
            // actor.
            while results.first?.newName != name {
                await withCheckedContinuation { continuation in
                    withObservationTracking {
                        _ = results
                    } onChange: {
                        continuation.resume()
                    }
                }
            }
            latencies.append(start.duration(to: clock.now))
        }
        return latencies
    }
}
