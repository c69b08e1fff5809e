/// The files the generator writes: always the same names, whatever the metadata, so that a
/// build plugin can declare them before the generator runs. Types are spread over the shards by
/// a stable hash of their Swift name, so no file grows huge and the compiler works in parallel.
public enum OutputLayout {
    /// 64 shards and the registry make 65 files. SwiftPM's driver compiles a target in `max(cores, ⌈files / 25⌉)`
    /// batches beside one job that emits the module; with 17 files a 2-core machine ran the module job and two long
    /// batches, one of them after the module job, while 65 files make three shorter batches that keep both cores
    /// busy: Microsoft Graph v1.0's debug build went from 27.6 s to 23.0 s (`scripts/compile-benchmark.sh`). Machines
    /// with more cores get one batch per core either way, and smaller files balance them better. A shard without
    /// types holds one comment and still costs the build about 3 ms: TripPin's went from 1.04 s to 1.20 s.
    public static let shardCount = 64

    /// The file holding the entity registry.
    public static let registryFile = "GeneratedEntities.swift"

    /// The file of each shard.
    public static func shardFile(_ index: Int) -> String {
        "GeneratedTypes\(index < 10 ? "0" : "")\(index).swift"
    }

    /// Every file the generator writes, in a fixed order.
    public static var fileNames: [String] {
        [registryFile] + (0..<shardCount).map(shardFile)
    }

    /// The shard for a type: FNV-1a of its name's UTF-8 bytes, so every machine agrees.
    static func shard(of name: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return Int(hash % UInt64(shardCount))
    }
}
