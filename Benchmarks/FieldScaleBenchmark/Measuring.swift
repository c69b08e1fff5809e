import CHeapStats
import Foundation

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
    var milliseconds: String { String(format: "%.2f ms", seconds * 1000) }
}

func median(_ values: [Duration]) -> Duration { values.sorted()[values.count / 2] }

/// Writes a line to the standard output at once, so that a long run shows how far it got.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

/// The folder of the run's files, removed when the process exits: a million records leave over 2 GB behind.
let runFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "FieldScaleBenchmark-\(UUID().uuidString)"
)

/// A fresh file in a fresh folder of the run's folder.
func freshFile(_ name: String) throws -> URL {
    let folder = runFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name)
}

/// The bytes of a store's database file and its write-ahead log.
func fileSize(_ file: URL) -> Int {
    [file.path, file.path + "-wal"]
        .reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
}

/// Resident memory now and its high-water mark since the last reset (Linux's /proc/self/status), in bytes.
func residentMemory() -> (resident: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }
    return (field("VmRSS"), field("VmHWM"))
}

/// Starts the resident high-water mark over from the resident size now.
func resetResidentPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }

/// The C allocator's bytes in use.
func heapInUse() -> Int { Int(heap_stats_in_use()) }

/// Memory after pages of a download are written: what pages 10 and 200 left, and the most in use after any page.
final class PageMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var pages = 0
    private var received = 0
    private var samples: [Int: (resident: Int, heap: Int)] = [:]
    private var mostHeap = 0

    /// Called with the records written so far (also at the start, with none).
    func pageWritten(records: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard records > received else { return }
        received = records
        pages += 1
        let heap = heapInUse()
        mostHeap = max(mostHeap, heap)
        if pages == 10 || pages == 200 { samples[pages] = (residentMemory().resident, heap) }
    }

    /// The figures, with the download's resident `peak`.
    func summary(peak: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        func mib(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "–" }
        let (ten, twoHundred) = (samples[10], samples[200])
        var change = "–"
        if let ten, let twoHundred {
            change = String(format: "%+.1f %%", 100 * Double(twoHundred.resident - ten.resident) / Double(ten.resident))
        }
        return "memory after page 10: resident \(mib(ten?.resident)), heap \(mib(ten?.heap)); after page 200: "
            + "resident \(mib(twoHundred?.resident)) (\(change) from page 10), heap \(mib(twoHundred?.heap)); "
            + "peak resident \(mib(peak)) (goal ≤ 150 MB), most heap after a page \(mib(mostHeap))"
    }
}

/// When a download reported its start and each page written.
final class PageTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var marks: [ContinuousClock.Instant] = []

    func mark() {
        lock.lock()
        defer { lock.unlock() }
        marks.append(ContinuousClock().now)
    }

    /// When the last page was written.
    var last: ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        return marks.last
    }

    /// The time each page took, from the download's start (`start`) to the first, then from page to page.
    func pages(from start: ContinuousClock.Instant) -> [Duration] {
        lock.lock()
        defer { lock.unlock() }
        let written = marks.dropFirst()  // the first report is the start's
        return zip([start] + Array(written.dropLast()), written).map { $0.duration(to: $1) }
    }
}
