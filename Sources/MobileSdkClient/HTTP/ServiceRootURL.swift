import Foundation

extension URL {
    /// This URL ending in a slash, so that a relative path (`People('a')`) resolves below it rather than beside it: how
    /// a client, and a test's stand-in service, keep the service root they are given.
    package var withTrailingSlash: URL {
        let text = absoluteString
        return text.hasSuffix("/") ? self : URL(string: text + "/") ?? self
    }
}
