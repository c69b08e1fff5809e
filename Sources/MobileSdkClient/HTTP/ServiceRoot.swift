import Foundation

/// The rules that keep credentials with the service: which URLs the client may send them to.
enum ServiceRoot {
    /// https, or http to this machine (127.0.0.0/8, ::1, localhost).
    static func isSecure(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return isLoopback(url.host ?? "")
        default: return false
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        // 127.x.y.z as an IPv4 literal only: a name such as `127.0.0.1.example.com` may resolve anywhere.
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isLoopbackAddress = octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
        return host == "localhost" || host == "::1" || isLoopbackAddress
    }

    /// Whether `url` has the same scheme, host and port as `root`.
    static func isSameOrigin(_ url: URL, as root: URL) -> Bool {
        url.scheme?.lowercased() == root.scheme?.lowercased() && url.host?.lowercased() == root.host?.lowercased()
            && effectivePort(url) == effectivePort(root)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
