import GeneratorPipeline
import MetadataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Reads each metadata document given on the command line and prints the time the reader took,
// what it read, and the process's peak memory; with `--generate`, also the time the generator
// took to translate and render it. `scripts/benchmark.sh` runs it beside `xmllint --stream` on
// the largest corpus documents.

let arguments = Array(CommandLine.arguments.dropFirst())
let generate = arguments.contains("--generate")
let paths = arguments.filter { $0 != "--generate" }
guard !paths.isEmpty else {
    print("usage: ReaderBenchmark [--generate] FILE…")
    exit(2)
}

/// Milliseconds, to a tenth.
func milliseconds(_ duration: Duration) -> Double {
    ((Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000) * 10).rounded() / 10
}

for path in paths {
    let start = ContinuousClock.now
    let pipeline = Pipeline()
    let result = pipeline.parse(.files([path]))
    let read = ContinuousClock.now - start
    let service = result.service
    let properties = service.entityTypes.reduce(0) { $0 + $1.properties.count }
    var line =
        "\(path): read \(milliseconds(read)) ms, \(service.entityTypes.count) entity types, "
        + "\(properties) properties, \(result.diagnostics.count) diagnostics"
    if generate {
        let generationStart = ContinuousClock.now
        let sources = pipeline.generate(result)
        let bytes = sources.files.reduce(0) { $0 + $1.contents.utf8.count }
        line += "; generated \(bytes / 1024) KiB in \(milliseconds(ContinuousClock.now - generationStart)) ms"
    }
    print(line)
}
var usage = rusage()
#if canImport(Glibc)
getrusage(RUSAGE_SELF.rawValue, &usage)
print("peak memory: \(usage.ru_maxrss / 1024) MiB")
#else
getrusage(RUSAGE_SELF, &usage)
print("peak memory: \(usage.ru_maxrss / 1_048_576) MiB")
#endif
