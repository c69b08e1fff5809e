// Field-scale benchmark of the offline store (issue #41), in one process so that machine load affects each side
// alike:
//   download   RECORDS (1,000,000) `new_fieldrecord` rows (30 columns) from a Dataverse-like service in memory, in
//              pages of 5,000 made on request, into a store file, through the store's defining query and download
//   memory     the process's resident size and the C allocator's bytes in use after pages 10 and 200, and the
//              resident peak of the download
//   floor      the same rows, already decoded (read back from the store, untimed), inserted by one prepared SQLite
//              statement with raw sqlite3 calls, a transaction per page, into the same table with the same indexes
//              and settings
//   file       the store's database and write-ahead log against the JSON the download read
//   queries    a first page of 50 sorted by name and a filtered count, with the store's indexes and without
//   delta      10,000 changed records and 1,000 removed ones, in Dataverse's change-tracking shape, beside its floor:
//              the rows that differ afterwards upserted and the removed ones deleted in the floor's copy by raw
//              prepared statements
//   key diff   a whole read once the delta link expired (410), 1,000 more records gone, diffed by key
// Four records edited locally before the delta must keep their edits through the delta and the key diff.
//
// Usage: swift run -c release FieldScaleBenchmark [--records N] [--page-size N]
import CHeapStats
import Foundation
import GRDB
import MobileSdk
import MobileSdkClient
import MobileSdkOffline

let options = Options(CommandLine.arguments)
atexit { try? FileManager.default.removeItem(at: runFolder) }
GeneratedEntities.register()
guard let root = URL(string: FieldPayload.serviceRoot) else { Options.fail("no service root") }
let service = FieldService(records: options.records, pageSize: options.pageSize)
let client = ODataClient(ODataClient.Configuration(serviceRoot: root, transport: service))
let records = DefiningQuery("records", Query<NewFieldrecord>())
/// The indexes a list sorted by name and a count of the active records of a city need.
let indexes = [StoreIndex(NewFieldrecord.self, \.newName), StoreIndex(NewFieldrecord.self, \.newCity, \.statecode)]
let table = "entity_new_fieldrecord"
let clock = ContinuousClock()
let file = try freshFile("store.sqlite")
say(
    "FieldScaleBenchmark: \(options.records) new_fieldrecord rows, 30 columns, in pages of \(options.pageSize); "
        + "memory: resident = VmRSS, heap = the C allocator's bytes in use"
)

// Download, with memory after each page.
var store: OfflineStore? = try OfflineStore(at: file, client: client, definingQueries: [records], indexes: indexes)
let pages = PageMemory()
let start = clock.now
resetResidentPeak()
let report = try await store?.download { progress in pages.pageWritten(records: progress.receivedCount) }
let downloadTime = start.duration(to: clock.now)
let peak = residentMemory().peak
let payloadBytes = service.takeServedBytes()
guard report?.queries.first?.receivedCount == options.records else { Options.fail("the download missed records") }
let downloadRate = Double(options.records) / downloadTime.seconds
let fileBytes = fileSize(file)
say("download into the store       \(downloadTime.milliseconds), " + String(format: "%.0f rows/s", downloadRate))
say(pages.summary(peak: peak))

// The floor.
let (floor, floorFile) = try Floor.insert(from: file, table: table, pageSize: options.pageSize)
let floorRate = Double(options.records) / floor.seconds
say("floor: raw prepared inserts   \(floor.milliseconds), " + String(format: "%.0f rows/s", floorRate))
say(String(format: "download / floor: %.0f %% (goal ≥ 50 %%)", downloadRate / floorRate * 100))
say(
    String(
        format: "store file (database + WAL): %.1f MiB for %.1f MiB of JSON, %.2f× (goal ≤ 1.5×)",
        Double(fileBytes) / 1_048_576,
        Double(payloadBytes) / 1_048_576,
        Double(fileBytes) / Double(payloadBytes)
    )
)

// Local queries with the indexes.
let sorted = Query<NewFieldrecord>().orderBy(\.newName).top(50)
let filtered = Query<NewFieldrecord>().filter { $0.newCity == "Seattle" && $0.statecode == 0 }
guard let indexed = store else { Options.fail("no store") }
say(try LocalTimes(indexed, sorted: sorted, filtered: filtered, runs: 21).summary("with the indexes"))

// Local edits that the delta and the key diff must keep: a record the delta changes, one it removes, one the key
// diff removes, one neither touches.
let edited = [7, 3, 5, 1]
for index in edited {
    guard let uuid = UUID(uuidString: FieldPayload.key(index)),
        let record = try indexed.entity(NewFieldrecord.self, key: EntityKey(uuid))
    else { Options.fail("record \(index) is missing") }
    record.newName = "Edited here \(index)"
    try indexed.update(record)
}

// The delta.
service.enter(.delta)
let deltaPages = PageTimes()
let deltaStart = clock.now
let delta = try await indexed.download { _ in deltaPages.mark() }
let deltaTime = deltaStart.duration(to: clock.now)
guard let deltaReport = delta.queries.first, deltaReport.wasDelta else { Options.fail("no delta was read") }
say(
    "delta: \(deltaReport.receivedCount) changed, \(deltaReport.removedCount) removed in \(deltaTime.milliseconds) "
        + "(goal ≤ 2 s), \(service.takeServedBytes() / 1024) KiB of JSON"
)
say(
    "  its pages (the changes first, then the removals): "
        + deltaPages.pages(from: deltaStart).map(\.milliseconds).joined(separator: ", ")
        + "; the JSON made again alone: \(service.timeDeltaPages().milliseconds)"
)
try check(indexed, removed: FieldService.removedByDelta, kept: [7, 3, 5, 1])
let deltaFloor = try Floor.applyDelta(from: file, to: floorFile, table: table, pageSize: options.pageSize)
say(
    "  its floor: the \(deltaFloor.changed) rows that differ upserted and the \(deltaFloor.removed) removed deleted "
        + "by raw prepared statements in the floor's copy: \(deltaFloor.time.milliseconds)"
)

// The key diff, once the delta link expired.
service.enter(.expired)
let lastPage = PageTimes()
let diffStart = clock.now
let diff = try await indexed.download { _ in lastPage.mark() }
let diffEnd = clock.now
guard let diffReport = diff.queries.first, !diffReport.wasDelta, diffReport.deltaExpired else {
    Options.fail("the whole read did not follow an expired delta link")
}
let diffTime = lastPage.last.map { $0.duration(to: diffEnd) } ?? .zero
say(
    "key diff: \(diffReport.removedCount) removed in \(diffTime.milliseconds) after the last page (goal ≤ 10 s); "
        + "the whole read with it \(diffStart.duration(to: diffEnd).milliseconds), \(diffReport.receivedCount) records"
)
try check(indexed, removed: { FieldService.removedByDelta($0) || FieldService.removedByKeyDiff($0) }, kept: edited)

// Local queries without the indexes: the store opened again without them drops them.
store = nil
let plain = try OfflineStore(at: file, client: client, definingQueries: [records])
say(try LocalTimes(plain, sorted: sorted, filtered: filtered, runs: 5).summary("without indexes"))

/// Checks what the store holds: every record but the `removed` ones, the changed ones at their new revision, and
/// the `kept` records with their local edits (a record with local changes stays until they are uploaded).
func check(_ store: OfflineStore, removed: (Int) -> Bool, kept: [Int]) throws {
    let expected = (0..<options.records).count { !removed($0) } + kept.count { removed($0) }
    let count = try store.count(Query<NewFieldrecord>())
    guard count == expected else { Options.fail("the store holds \(count) records, not \(expected)") }
    for index in kept + [107, 4] {
        guard let uuid = UUID(uuidString: FieldPayload.key(index)),
            let record = try store.entity(NewFieldrecord.self, key: EntityKey(uuid)), let name = record.newName
        else { Options.fail("record \(index) is missing") }
        let prefix =
            kept.contains(index)
            ? "Edited here \(index)" : FieldService.changed(index) ? "Record \(index) changed" : "Record \(index) "
        guard name.hasPrefix(prefix) else { Options.fail("record \(index) is named '\(name)', not '\(prefix)…'") }
    }
}
