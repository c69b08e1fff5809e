import Foundation

/// The rules that keep credentials with the service, for the client and the command line alike: which URLs may carry
/// them (https, or plain http to this machine) and which URLs are the service's own origin.
package enum CredentialRules {
    /// https, or http to this machine (``isLoopback(_:)``).
    package static func isSecure(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": true
        case "http": isLoopback(url.host)
        default: false
        }
    }

    /// Whether `host` is this machine: `localhost`, `::1` (bracketed or not) or an IPv4 literal of 127.0.0.0/8. A
    /// name such as `127.0.0.1.example.com` is not: it may resolve anywhere.
    package static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) else {
            return false
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackAddress = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isLoopbackAddress
    }

    /// Whether `url` has the same scheme, host and port as `root`, a missing port being the scheme's default.
    package static func isSameOrigin(_ url: URL, as root: URL) -> Bool {
        url.scheme?.lowercased() == root.scheme?.lowercased() && url.host?.lowercased() == root.host?.lowercased()
            && effectivePort(url) == effectivePort(root)
    }

    /// Whether `link` (absolute, or relative to `root`) leads into the service at `root`: the same origin, under the
    /// root's path. A delta link kept from another root (the service moved, or the app was pointed at another
    /// organization) is not.
    package static func isWithin(_ link: String, serviceRoot root: URL) -> Bool {
        guard let url = URL(string: link, relativeTo: root)?.absoluteURL, isSameOrigin(url, as: root) else {
            return false
        }
        let rootPath = root.path(percentEncoded: true)
        let directory = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        let path = url.path(percentEncoded: true)
        return path == rootPath || path.hasPrefix(directory)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
