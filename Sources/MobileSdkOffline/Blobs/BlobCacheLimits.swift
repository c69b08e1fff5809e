/// How much stream content (photos, documents, file columns) the store keeps on the device; the least recently used
/// goes first when a limit is passed.
public struct BlobCacheLimits: Sendable, Hashable {
    /// The most bytes kept.
    public var maximumBytes: Int64
    /// The most streams kept.
    public var maximumCount: Int

    /// Limits of `maximumBytes` (256 MiB by default) and `maximumCount` streams (1,000 by default).
    public init(maximumBytes: Int64 = 256 << 20, maximumCount: Int = 1_000) {
        self.maximumBytes = maximumBytes
        self.maximumCount = maximumCount
    }
}
