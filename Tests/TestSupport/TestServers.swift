import Foundation

/// The servers `scripts/test-servers.sh start` runs for the tests, by the variables it writes: the environment's,
/// else those of `.build-servers/servers.env` at the repository's root. The variables' names are written here alone.
public enum TestServers {
    /// A variable the script writes.
    public enum Variable: String, CaseIterable, Sendable {
        case odataV4 = "MOBILESDK_TEST_ODATA_V4_URL"
        case odataV2 = "MOBILESDK_TEST_ODATA_V2_URL"
        /// pyslet's OData v2 service of media link entries (`SampleMetadata/Gallery.v2.xml`).
        case odataV2Media = "MOBILESDK_TEST_ODATA_V2_MEDIA_URL"
        /// The Dataverse sample, with its Web API's entity definitions, and its request log.
        case dataverse = "MOBILESDK_TEST_DATAVERSE_URL"
        case dataverseLog = "MOBILESDK_TEST_DATAVERSE_LOG"
        /// TripPin behind sign-in (bearer or basic), its log and credentials.
        case secured = "MOBILESDK_TEST_SECURED_URL"
        case securedLog = "MOBILESDK_TEST_SECURED_LOG"
        case securedToken = "MOBILESDK_TEST_SECURED_TOKEN"
        case securedUser = "MOBILESDK_TEST_SECURED_USER"
        case securedPassword = "MOBILESDK_TEST_SECURED_PASSWORD"
        /// Authlib's OAuth 2.0 server, its log and its clients.
        case oauth = "MOBILESDK_TEST_OAUTH_URL"
        case oauthLog = "MOBILESDK_TEST_OAUTH_LOG"
        case oauthClientId = "MOBILESDK_TEST_OAUTH_CLIENT_ID"
        case oauthClientSecret = "MOBILESDK_TEST_OAUTH_CLIENT_SECRET"
        case oauthDeviceClientId = "MOBILESDK_TEST_OAUTH_DEVICE_CLIENT_ID"
        case oauthShortClientId = "MOBILESDK_TEST_OAUTH_SHORT_CLIENT_ID"
        case oauthAppClientId = "MOBILESDK_TEST_OAUTH_APP_CLIENT_ID"
    }

    /// Whether a missing server fails its suite rather than skipping it (`MOBILESDK_REQUIRE_LIVE_TESTS=1`, which
    /// `scripts/test.sh` sets).
    public static let required = ProcessInfo.processInfo.environment["MOBILESDK_REQUIRE_LIVE_TESTS"] == "1"

    /// What a suite says when it skips for want of servers.
    public static let skipMessage = "no test server: run scripts/test-servers.sh start (scripts/test.sh does)"

    /// The repository's root, from this file's place in it.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The variable's value: the environment's, else the servers file's.
    public static func value(_ variable: Variable) -> String? {
        if let value = ProcessInfo.processInfo.environment[variable.rawValue] { return value }
        let file = repositoryRoot.appendingPathComponent(".build-servers/servers.env")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let prefix = variable.rawValue + "="
        return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The variable's value as a URL.
    public static func url(_ variable: Variable) -> URL? { value(variable).flatMap { URL(string: $0) } }
}
