import MetadataModel
import MetadataReader

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Reads each metadata document given on the command line and prints the time the reader took,
// what it read, and the process's peak memory. `scripts/benchmark.sh` runs it beside
// `xmllint --stream` on the largest corpus documents.

let paths = Array(CommandLine.arguments.dropFirst())
guard !paths.isEmpty else {
    print("usage: ReaderBenchmark FILE…")
    exit(2)
}
for path in paths {
    let start = ContinuousClock.now
    let result = MetadataLoader().load([path])
    let elapsed = ContinuousClock.now - start
    let service = result.service
    let properties = service.entityTypes.reduce(0) { $0 + $1.properties.count }
    let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    print("\(path): \((milliseconds * 10).rounded() / 10) ms, \(service.entityTypes.count) entity types, \(properties) properties, \(result.diagnostics.count) diagnostics")
}
var usage = rusage()
#if canImport(Glibc)
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak memory: \(usage.ru_maxrss / 1024) MiB")
#else
getrusage(RUSAGE_SELF, &usage)
print("peak memory: \(usage.ru_maxrss / 1_048_576) MiB")
#endif
