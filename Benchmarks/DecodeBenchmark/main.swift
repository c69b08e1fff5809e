// Decoding benchmark: a Dataverse Web API page of `new_benchmarkrecord` rows (50 columns with annotations) into the
// generated classes with `ODataJSONDecoder`, beside Foundation's `JSONDecoder` into equivalent `Codable` structs,
// on the same bytes in the same process.
//
// Usage: swift run -c release DecodeBenchmark [--runs N] [--records N] [--decoder both|ours|foundation]
import Foundation
import MobileSdk

struct Options {
    var runs = 7
    var records = 10_000
    var ours = true
    var foundation = true

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": runs = Self.positive(rest.popFirst(), argument)
            case "--records": records = Self.positive(rest.popFirst(), argument)
            case "--decoder":
                switch rest.popFirst() {
                case "both": break
                case "ours": foundation = false
                case "foundation": ours = false
                default: Self.fail("--decoder takes both, ours or foundation")
                }
            default: Self.fail("unknown argument '\(argument)'")
            }
        }
    }

    private static func positive(_ text: String?, _ option: String) -> Int {
        guard let value = text.flatMap({ Int($0) }), value > 0 else { fail("\(option) takes a positive number") }
        return value
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("DecodeBenchmark: \(message)\nusage: DecodeBenchmark [--runs N] [--records N] [--decoder both|ours|foundation]\n".utf8))
        exit(2)
    }
}

/// Wall times of the runs of one decoder.
struct Timings {
    var runs: [Duration] = []

    var median: Duration {
        let sorted = runs.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var minimum: Duration { runs.min() ?? .zero }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    var milliseconds: String { String(format: "%.1f ms", seconds * 1000) }
}

let options = Options(CommandLine.arguments)
GeneratedEntities.register()
let payload = Payload.make(records: options.records)
let clock = ContinuousClock()

let ours = ODataJSONDecoder(version: .v4, registry: .shared)
let foundation = JSONDecoder()
foundation.dateDecodingStrategy = .iso8601

func decodeOurs() -> [NewBenchmarkRecord] {
    do {
        let page = try ours.decodeCollection(NewBenchmarkRecord.self, from: payload)
        return page.entities.compactMap { $0 as? NewBenchmarkRecord }
    } catch {
        fatalError("ODataJSONDecoder failed: \(error)")
    }
}

func decodeFoundation() -> [CodableRecord] {
    do {
        return try foundation.decode(CodablePage.self, from: payload).value
    } catch {
        fatalError("JSONDecoder failed: \(error)")
    }
}

func timed<Result>(_ body: () -> Result) -> (Duration, Result) {
    let start = clock.now
    let result = body()
    return (start.duration(to: clock.now), result)
}

print("DecodeBenchmark: \(options.records) new_benchmarkrecord rows, 50 columns; payload \(payload.count) bytes "
    + String(format: "(%.1f MiB)", Double(payload.count) / 1_048_576) + "; \(options.runs) runs after one warm-up run each")

// Warm-up (and the checksums): one untimed run of each.
var oursRecords = options.ours ? decodeOurs() : []
var foundationRecords = options.foundation ? decodeFoundation() : []
guard !options.ours || oursRecords.count == options.records else { fatalError("ODataJSONDecoder returned \(oursRecords.count) records") }
guard !options.foundation || foundationRecords.count == options.records else { fatalError("JSONDecoder returned \(foundationRecords.count) records") }

var oursTimings = Timings()
var foundationTimings = Timings()
// Interleaved, so that drift in machine load affects both alike. The previous result is released after the clock
// stops, so that no run pays for freeing the one before.
for _ in 0..<options.runs {
    if options.ours {
        let (time, records) = timed(decodeOurs)
        oursTimings.runs.append(time)
        oursRecords = records
    }
    if options.foundation {
        let (time, records) = timed(decodeFoundation)
        foundationTimings.runs.append(time)
        foundationRecords = records
    }
}

func report(_ name: String, _ timings: Timings) {
    let perSecond = Double(options.records) / timings.median.seconds
    let throughput = Double(payload.count) / 1_048_576 / timings.median.seconds
    print(name.padding(toLength: 34, withPad: " ", startingAt: 0) + " "
        + "median \(timings.median.milliseconds), min \(timings.minimum.milliseconds), "
        + String(format: "%.0f records/s, %.1f MiB/s", perSecond, throughput))
}

if options.ours { report("ODataJSONDecoder → generated class", oursTimings) }
if options.foundation { report("JSONDecoder → Codable struct", foundationTimings) }
if options.ours && options.foundation {
    let ratio = foundationTimings.median.seconds / oursTimings.median.seconds
    let minimumRatio = foundationTimings.minimum.seconds / oursTimings.minimum.seconds
    print(String(format: "ratio JSONDecoder / ODataJSONDecoder: %.2f× by median, %.2f× by min (> 1: ours is faster)", ratio, minimumRatio))
}

let oursChecksum = options.ours ? Checksum(oursRecords) : nil
let foundationChecksum = options.foundation ? Checksum(foundationRecords) : nil
if let oursChecksum { print("checksum ODataJSONDecoder: \(oursChecksum)") }
if let foundationChecksum { print("checksum JSONDecoder:      \(foundationChecksum)") }
if let oursChecksum, let foundationChecksum {
    if oursChecksum == foundationChecksum {
        print("checksums match")
    } else {
        print("CHECKSUMS DIFFER")
        exit(1)
    }
}

// Reading every property of every record: the generated classes' typed properties (which find each storage name in
// the class's property table by the property's Swift name) beside the Codable structs' stored fields, the floor.
if options.ours && options.foundation {
    var readOurs = Timings(), readFoundation = Timings()
    for _ in 0..<options.runs {
        readOurs.runs.append(timed { Checksum(oursRecords) }.0)
        readFoundation.runs.append(timed { Checksum(foundationRecords) }.0)
    }
    print("reading every property: generated classes median \(readOurs.median.milliseconds), Codable structs median "
        + "\(readFoundation.median.milliseconds) (" + String(format: "%.0f ns", readOurs.median.seconds * 1e9 / Double(options.records * 50))
        + " per property read)")
}
