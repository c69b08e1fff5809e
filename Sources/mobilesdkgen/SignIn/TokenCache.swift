import Foundation
import ServiceAccess

/// The tokens of earlier device-grant sign-ins, so that `fetch` asks the user again only when a refresh fails:
/// `$XDG_CACHE_HOME/mobilesdkgen/tokens.json` (else `~/.cache/…`), keyed by token URL, client id, scope and
/// resource. The file is its owner's alone (0600 in a 0700 folder), replaced atomically, and not read when others could
/// read it.
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

    /// The key of a sign-in: the same server, client, scope and resource share tokens (`URL|client|scope`, then
    /// `|resource` when there is one).
    static func key(tokenURL: URL, clientID: String, access: RequestedAccess) -> String {
        let parts = [tokenURL.absoluteString, clientID, access.scopes.joined(separator: " ")]
        return (parts + [access.resource].compactMap(\.self)).joined(separator: "|")
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
        let data: Data?
        do { data = try OwnerOnlyFile(file).read() } catch let failure as OwnerOnlyFile.Failure {
            return (
                Contents(),
                failure.reason == .untrusted
                    ? "not reading the token cache \(file.path): others can read it, it is not your own file or it is "
                        + "a link (chmod 600 it, or delete it); the next sign-in replaces it"
                    : "cannot read the token cache: \(failure)"
            )
        } catch { return (Contents(), "cannot read the token cache \(file.path)") }
        guard let data else { return (Contents(), nil) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let contents = try? decoder.decode(Contents.self, from: data) else {
            return (Contents(), "the token cache \(file.path) is not readable; the next sign-in replaces it")
        }
        return (contents, nil)
    }

    /// Replaces the file with `data` (owner-only, atomically), with interruptions held until it is in place.
    private func replace(with data: Data) throws {
        try Interruptions.deferred {
            do { try OwnerOnlyFile(file).write(data) } catch let failure as OwnerOnlyFile.Failure {
                throw FetchError("the token cache: \(failure)")
            }
        }
    }
}
