// Streams a file up to a service and back down with ODataClient, for scripts/stream-benchmark.sh, which measures
// the process's peak memory.
// Usage: StreamBenchmark upload|download-ranged|download-whole|in-memory SERVICE_ROOT FILE
//   upload           upload(contentsOf:to:) of FILE to Blobs(1)/$value (one PUT, an upload task reading the file)
//   download-ranged  download(_:to:) of Blobs(1)/$value into FILE (range requests of 4 MiB)
//   download-whole   download(_:to:) of Whole(1)/$value into FILE (one response, a download task)
//   in-memory        data(of:) of Whole(1)/$value: the whole stream in memory, the baseline
import Foundation
import MobileSdk
import MobileSdkClient

let arguments = CommandLine.arguments
guard arguments.count == 4, let root = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: StreamBenchmark upload|download-ranged|download-whole|in-memory SERVICE_ROOT FILE\n".utf8))
    exit(2)
}
let file = URL(fileURLWithPath: arguments[3])
let client = ODataClient(serviceRoot: root)

func stream(_ set: String) -> StreamReference {
    StreamReference(kind: .mediaResource, entitySet: set, key: EntityKey(.int32(1)))
}

let start = Date()
do {
    let bytes: Int64
    switch arguments[1] {
    case "upload":
        try await client.upload(contentsOf: file, to: stream("Blobs"))
        bytes = Int64((try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
    case "download-ranged":
        bytes = try await client.download(stream("Blobs"), to: file).byteCount
    case "download-whole":
        bytes = try await client.download(stream("Whole"), to: file).byteCount
    case "in-memory":
        bytes = Int64(try await client.data(of: stream("Whole")).count)
    default:
        FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
        exit(2)
    }
    print(String(format: "%@ %lld bytes in %.1f s", arguments[1], bytes, Date().timeIntervalSince(start)))
} catch {
    FileHandle.standardError.write(Data("StreamBenchmark: \(error)\n".utf8))
    exit(1)
}
