import ArgumentParser
import Foundation
import ServiceAccess

/// The rules for an OAuth endpoint's URL: absolute, no user or password, and https unless the host is this
/// machine (codes and secrets travel in the request).
enum OAuthEndpoint {
    /// The URL given with `option`, or a validation error naming the option (never the value).
    static func url(_ text: String, option: String) throws -> URL {
        guard let url = URL(string: text), url.host?.isEmpty == false, let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http"
        else { throw ValidationError("\(option) must be an absolute https URL") }
        if let problem = problem(with: url) { throw ValidationError("\(option) \(problem)") }
        return url
    }

    /// Why `url` cannot be an endpoint, or nil.
    static func problem(with url: URL) -> String? {
        if url.user != nil || url.password != nil { return "must not hold a user or password" }
        if !CredentialRules.isSecure(url) {
            return "must use https: plain http is allowed only to this machine (localhost, 127.0.0.1, ::1)"
        }
        return nil
    }

    /// The URL without query or fragment, as messages show it.
    static func shown(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }
}
