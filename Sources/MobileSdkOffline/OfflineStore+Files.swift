import Foundation

extension OfflineStore {
    /// The files SQLite keeps beside a store's database (`-wal`, `-shm`, `-journal`), by their suffix.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Deletes every file of the store at `url`: the database with its write-ahead log and shared memory (the
    /// records, the changes waiting to be uploaded, the error archive, the download state) and the folder of cached
    /// streams beside it. What sign-out on a shared device calls, with the sign-in's own `signOut()` for the tokens.
    ///
    /// Call it once no store of the file is open — let go of every `OfflineStore` of it first — or SQLite may write
    /// the files again. A file that is already missing is no error.
    public static func removeFiles(at url: URL) throws {
        let path = url.path(percentEncoded: false)
        let items = [path] + companionSuffixes.map { path + $0 } + [url.appendingPathExtension("blobs").path]
        for item in items where FileManager.default.fileExists(atPath: item) {
            try FileManager.default.removeItem(atPath: item)
        }
    }
}
