import Foundation

/// The servers `scripts/test-servers.sh start` runs for the tests, by the variables it writes: the environment's,
/// else those of `.build-servers/servers.env` at the repository's root. The variables' names are written here alone.
public enum TestServers {
    /// A variable the script writes.
    public enum Variable: String, CaseIterable, Sendable {
        /// odatapy's OData v4 TripPin service (`SampleMetadata/TripPin.xml`).
        case odataV4 = "MOBILESDK_TEST_ODATA_V4_URL"
        /// pyslet's OData v2 service (`SampleMetadata/CRM2011.OrganizationData.xml`).
        case odataV2 = "MOBILESDK_TEST_ODATA_V2_URL"
        /// pyslet's OData v2 service of media link entries (`SampleMetadata/Gallery.v2.xml`).
        case odataV2Media = "MOBILESDK_TEST_ODATA_V2_MEDIA_URL"
        /// The Dataverse sample, with its Web API's entity definitions, and its request log.
        case dataverse = "MOBILESDK_TEST_DATAVERSE_URL"
        /// The path of the Dataverse sample's request log.
        case dataverseLog = "MOBILESDK_TEST_DATAVERSE_LOG"
        /// TripPin behind sign-in (bearer or basic), its log and credentials.
        case secured = "MOBILESDK_TEST_SECURED_URL"
        /// The path of the secured server's request log (no secrets in it).
        case securedLog = "MOBILESDK_TEST_SECURED_LOG"
        /// The bearer token the secured server accepts, fresh each start.
        case securedToken = "MOBILESDK_TEST_SECURED_TOKEN"
        /// The user name for basic sign-in to the secured server, fresh each start.
        case securedUser = "MOBILESDK_TEST_SECURED_USER"
        /// The password for basic sign-in to the secured server, fresh each start.
        case securedPassword = "MOBILESDK_TEST_SECURED_PASSWORD"
        /// odatapy's TripPin for the offline store: delta tokens that expire, upserts with `If-None-Match: *`,
        /// repeatable requests, ETags on People and Airlines.
        case offline = "MOBILESDK_TEST_OFFLINE_URL"
        /// The path of the offline server's request log, with the headers exactly-once uploads send.
        case offlineLog = "MOBILESDK_TEST_OFFLINE_LOG"
        /// pyslet's OData v2 `SampleMetadata/SAPDelta.v2.xml` with SAP Gateway's `!deltatoken` delta queries.
        case sapDelta = "MOBILESDK_TEST_SAP_DELTA_URL"
        /// The path of the SAP delta server's request log.
        case sapDeltaLog = "MOBILESDK_TEST_SAP_DELTA_LOG"
        /// The Dataverse sample with Dataverse's change tracking: no `$filter` with it, bare-GUID deletions.
        case dataverseDelta = "MOBILESDK_TEST_DVDELTA_URL"
        /// The path of the Dataverse delta server's request log.
        case dataverseDeltaLog = "MOBILESDK_TEST_DVDELTA_LOG"
        /// odatapy's TripPin with neither repeatable requests nor upsert (a `PATCH` to a key that does not exist is
        /// 404), ETags on People and Airlines: where an upload settles a request of unknown fate by reading back.
        case plain = "MOBILESDK_TEST_PLAIN_URL"
        /// The path of the plain server's request log, with the headers exactly-once uploads send.
        case plainLog = "MOBILESDK_TEST_PLAIN_LOG"
        /// The organization service over SOAP (`Execute` from recorded exchanges, requests validated against the
        /// published schemas); under its root's `/throttled/` twin, a service-protection fault comes first.
        case organizationService = "MOBILESDK_TEST_ORGSERVICE_URL"
        /// The bearer token the organization service requires.
        case organizationServiceToken = "MOBILESDK_TEST_ORGSERVICE_TOKEN"
        /// The path of the organization service's request log (no secrets in it).
        case organizationServiceLog = "MOBILESDK_TEST_ORGSERVICE_LOG"
        /// TripPin behind Windows authentication (NTLM, Negotiate carrying NTLM) on keep-alive connections.
        case windows = "MOBILESDK_TEST_WINDOWS_URL"
        /// The path of the windows server's log: each request's connection and handshake step, no secrets.
        case windowsLog = "MOBILESDK_TEST_WINDOWS_LOG"
        /// The domain of the windows server's user.
        case windowsDomain = "MOBILESDK_TEST_WINDOWS_DOMAIN"
        /// The windows server's user, without the domain.
        case windowsUser = "MOBILESDK_TEST_WINDOWS_USER"
        /// The password of the windows server's user, fresh each start.
        case windowsPassword = "MOBILESDK_TEST_WINDOWS_PASSWORD"
        /// The organization service (as ``organizationService``, without its token) behind Windows authentication.
        case organizationWindows = "MOBILESDK_TEST_ORGWINDOWS_URL"
        /// The path of the orgwindows server's log, as ``windowsLog``.
        case organizationWindowsLog = "MOBILESDK_TEST_ORGWINDOWS_LOG"
        /// The domain of the orgwindows server's user.
        case organizationWindowsDomain = "MOBILESDK_TEST_ORGWINDOWS_DOMAIN"
        /// The orgwindows server's user, without the domain.
        case organizationWindowsUser = "MOBILESDK_TEST_ORGWINDOWS_USER"
        /// The password of the orgwindows server's user, fresh each start.
        case organizationWindowsPassword = "MOBILESDK_TEST_ORGWINDOWS_PASSWORD"
        /// Authlib's OAuth 2.0 server, its log and its clients.
        case oauth = "MOBILESDK_TEST_OAUTH_URL"
        /// The path of the OAuth server's request log (no secrets in it).
        case oauthLog = "MOBILESDK_TEST_OAUTH_LOG"
        /// The confidential client's id (client credentials and refresh grants); its secret is `oauthClientSecret`.
        case oauthClientId = "MOBILESDK_TEST_OAUTH_CLIENT_ID"
        /// The confidential client's secret, fresh each start.
        case oauthClientSecret = "MOBILESDK_TEST_OAUTH_CLIENT_SECRET"
        /// A public client's id for the device code grant.
        case oauthDeviceClientId = "MOBILESDK_TEST_OAUTH_DEVICE_CLIENT_ID"
        /// A public client's id like `oauthDeviceClientId`, whose tokens live 5 seconds.
        case oauthShortClientId = "MOBILESDK_TEST_OAUTH_SHORT_CLIENT_ID"
        /// A public client's id for the authorization code grant with PKCE (an app's sign-in).
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
