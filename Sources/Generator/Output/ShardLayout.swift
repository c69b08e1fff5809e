/// The build plugin's files: the registry's and a number of shards that the plugin chooses from the size of the
/// metadata documents before the generator runs, because it must declare its outputs first. Types are spread over the
/// shards by a stable hash of their Swift name. This file is compiled into the build plugin too (a link).
public enum ShardLayout {
    /// The most shards for documents of up to 8 MiB (MS Graph v1.0's 2.6 MB among them): with 64 and the registry,
    /// SwiftPM's driver compiles a large target in three batches on two cores (`max(cores, ⌈files / 25⌉)`) beside the
    /// job that emits the module, which keeps both busy; measured with `scripts/compile-benchmark.sh`, see
    /// BENCHMARKS.md.
    public static let denseCount = 64

    /// The most shards, for the largest documents: a Dataverse organization of 800 tables (115 MB of entity
    /// definitions, 650,000 generated lines) put up to 32,000 lines in one of 64 shards; files that large overwhelm
    /// editors and diffs.
    public static let maximumCount = 128

    /// Metadata bytes per shard: a shard that no type hashes to still costs the build a few milliseconds, so a small
    /// model gets few files.
    public static let documentBytesPerShard = 32 * 1024

    /// Metadata bytes per shard beyond 8 MiB.
    public static let largeDocumentBytesPerShard = 1024 * 1024

    /// The number of shards for metadata documents of `bytes` bytes in all: one per 32 KiB, from 1 to 64; beyond
    /// 8 MiB, one more per MiB, up to 128.
    public static func count(forDocumentBytes bytes: Int) -> Int {
        let bytes = max(bytes, 0)
        let (whole, part) = bytes.quotientAndRemainder(dividingBy: documentBytesPerShard)
        let dense = min(denseCount, max(1, whole + (part > 0 ? 1 : 0)))
        let largeStart = 8 * 1024 * 1024
        guard bytes > largeStart else { return dense }
        let (more, rest) = (bytes - largeStart).quotientAndRemainder(dividingBy: largeDocumentBytesPerShard)
        return min(maximumCount, dense + more + (rest > 0 ? 1 : 0))
    }

    /// The file holding the entity registry.
    public static let registryFile = "GeneratedEntities.swift"

    /// The file of each shard.
    public static func shardFile(_ index: Int) -> String { "GeneratedTypes\(index < 10 ? "0" : "")\(index).swift" }

    /// Every file of a layout with `count` shards, in a fixed order.
    public static func fileNames(count: Int) -> [String] { [registryFile] + (0..<count).map(shardFile) }

    /// The shard for a type among `count`: FNV-1a of its name's UTF-8 bytes, so every machine agrees.
    static func shard(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(hash % UInt64(count))
    }
}
