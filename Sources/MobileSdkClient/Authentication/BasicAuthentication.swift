import Foundation

/// `Authorization: Basic …` from a user name and password (on-premises services, test servers).
public struct BasicAuthentication: AuthenticationProvider {
    private let credentials: String

    public init(user: String, password: String) { credentials = Data("\(user):\(password)".utf8).base64EncodedString() }

    public func authenticate(_ request: inout HTTPRequest, refresh: Bool) async throws {
        request[header: "Authorization"] = "Basic " + credentials
    }
}
