import Foundation

extension URL {
    /// This URL with its scheme in lower case, as RFC 3986 writes it canonically: schemes compare without case
    /// (`HTTP://host/` is `http://host/`), but FoundationNetworking refuses any other spelling as an unsupported URL.
    /// The client and the tool send every request through it.
    package var withLowercasedScheme: URL {
        guard let scheme, scheme != scheme.lowercased(),
            var components = URLComponents(url: self, resolvingAgainstBaseURL: true)
        else { return self }
        components.scheme = scheme.lowercased()
        return components.url ?? self
    }
}
