import Foundation

/// `Authorization: Basic …` from a user name and password (on-premises services, test servers).
public struct BasicAuthentication: AuthenticationProvider {
    private let credentials: String

    /// Creates a provider that sends `user` and `password`, joined by a colon and base64-encoded. Basic
    /// credentials are not encrypted: use https.
    public init(user: String, password: String) { credentials = Data("\(user):\(password)".utf8).base64EncodedString() }

    /// Sets `Authorization: Basic …`; `refresh` changes nothing, since the credentials are fixed.
    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        request[header: "Authorization"] = "Basic " + credentials
    }
}
