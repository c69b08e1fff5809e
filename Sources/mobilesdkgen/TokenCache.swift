import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The tokens of earlier device-grant sign-ins, so that `fetch` asks the user again only when a refresh fails:
/// `$XDG_CACHE_HOME/mobilesdkgen/tokens.json` (else `~/.cache/…`), keyed by token URL, client id and scope. The
/// file is its owner's alone (0600 in a 0700 folder), replaced atomically, and not read when others could read it.
struct TokenCache {
    /// One sign-in's tokens.
    struct Entry: Codable, Equatable {
        var accessToken: String
        var refreshToken: String?
        var expiresAt: Date

        /// Whether the access token still has more than `margin` seconds to live.
        func isFresh(margin: TimeInterval = 60, now: Date = Date()) -> Bool {
            expiresAt.timeIntervalSince(now) > margin
        }
    }

    private struct Contents: Codable {
        var version = 1
        var tokens: [String: Entry] = [:]
    }

    let file: URL

    /// The cache file for this user, or nil without `XDG_CACHE_HOME` or `HOME`.
    static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("mobilesdkgen/tokens.json")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/mobilesdkgen/tokens.json")
    }

    /// The key of a sign-in: the same server, client and scope share tokens.
    static func key(tokenURL: URL, clientID: String, scopes: [String]) -> String {
        [tokenURL.absoluteString, clientID, scopes.joined(separator: " ")].joined(separator: "|")
    }

    /// The entry stored under `key`; warns when the file cannot be trusted or read.
    func entry(_ key: String) -> Entry? {
        let (contents, problem) = load()
        if let problem { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
        return contents.tokens[key]
    }

    /// Stores `entry` under `key` (nil removes it), replacing the file atomically.
    func store(_ entry: Entry?, for key: String) throws {
        var contents = load().contents
        contents.tokens[key] = entry
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        try replace(with: try encoder.encode(contents))
    }

    /// The file's contents (empty when absent, untrusted or unreadable) and what was wrong with it.
    private func load() -> (contents: Contents, problem: String?) {
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            return (Contents(), errno == ENOENT ? nil : "cannot read the token cache \(file.path) (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o170000 == 0o100000, status.st_uid == geteuid(),
              status.st_mode & 0o077 == 0 else {
            return (Contents(), """
                not reading the token cache \(file.path): others can read it or it is not your own file \
                (chmod 600 it, or delete it); the next sign-in replaces it
                """)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let data = try? handle.readToEnd(), let contents = try? decoder.decode(Contents.self, from: data) else {
            return (Contents(), "the token cache \(file.path) is not readable; the next sign-in replaces it")
        }
        return (contents, nil)
    }

    /// Writes `data` to a new 0600 temporary file beside the cache and renames it into place.
    private func replace(with data: Data) throws {
        let folder = file.deletingLastPathComponent()
        try makePrivateFolder(folder)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        try Interruptions.deferred {
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure("cannot create a file in") }
            let written = fchmod(descriptor, 0o600) == 0 && data.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
                && fsync(descriptor) == 0
            let closed = close(descriptor) == 0
            guard written, closed, rename(temporary.path, file.path) == 0 else {
                let error = failure("cannot write")
                unlink(temporary.path)
                throw error
            }
        }
    }

    /// Creates `folder` (0700) or makes sure the existing one is a directory of this user that only they can enter.
    private func makePrivateFolder(_ folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        if mkdir(folder.path, 0o700) != 0, errno != EEXIST { throw failure("cannot create the folder of") }
        var status = stat()
        guard lstat(folder.path, &status) == 0, status.st_mode & 0o170000 == 0o040000, status.st_uid == geteuid() else {
            throw FetchError("the token cache folder \(folder.path) is not a folder of your own")
        }
        if status.st_mode & 0o777 != 0o700, chmod(folder.path, 0o700) != 0 { throw failure("cannot make private the folder of") }
    }

    private func failure(_ what: String) -> FetchError {
        FetchError("\(what) the token cache \(file.path) (\(String(cString: strerror(errno))))")
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { return false }
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
