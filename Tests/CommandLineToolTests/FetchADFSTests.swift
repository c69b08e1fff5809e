import Foundation
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `mobilesdkgen fetch --adfs` against the AD FS routes of the `oauth` test server (Tests/Servers/adfs.py), which
/// require `resource` everywhere and serve TripPin's `$metadata` at a Dynamics-shaped `api/data/v9.0/` to tokens issued
/// for the server's root: the device code grant (AD FS 2019) with its cache and refresh, client credentials, and an
/// unknown resource.
@Suite(
    .enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"),
    .enabled(if: OAuthServer.base != nil || OAuthServer.required, OAuthServer.skipMessage)
) struct FetchADFSTests {
    /// A marker in each request's scope and query, to find this test's lines in the shared request log.
    let run = "run-" + UUID().uuidString.prefix(8).lowercased()
    let folder: URL
    let cacheHome: URL
    let base: URL

    init() throws {
        base = try #require(OAuthServer.base, OAuthServer.skipMessage)
        folder = try Paths.temporaryDirectory()
        cacheHome = try Paths.temporaryDirectory()
    }

    var cacheFile: URL { cacheHome.appendingPathComponent("mobilesdkgen/tokens.json") }

    /// `--adfs` (the server's root: `/adfs` is implied) with `--resource`, the server's root unless said otherwise.
    func adfs(client: String?, deviceCode: Bool = true, resource: String? = nil) throws -> [String] {
        var arguments = ["--client-id", try #require(client), "--adfs", base.absoluteString]
        arguments += deviceCode ? ["--device-code"] : ["--client-secret-env", "FETCH_TEST_SECRET"]
        return arguments + ["--resource", resource ?? base.absoluteString, "--scope", run]
    }

    /// Starts `mobilesdkgen fetch BASE/api/data/v9.0/ ARGUMENTS -o FOLDER --query run=…` with its own XDG_CACHE_HOME.
    func start(_ arguments: [String], secret: String? = nil) throws -> RunningFetch {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["FETCH_TEST_SECRET"] = secret
        return try RunningFetch(
            [base.absoluteString + "api/data/v9.0/"] + arguments + ["-o", folder.path, "--query", "run=\(run)"],
            environment: environment
        )
    }

    /// This test's lines of the server's request log.
    func logLines() throws -> [String] {
        let text = try String(contentsOfFile: try #require(OAuthServer.log), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.contains(run) }
    }

    func count(_ fragment: String) throws -> Int { try logLines().filter { $0.contains(fragment) }.count }

    /// Runs a device-grant fetch and approves the code it prints, standing in for the user's browser.
    func signIn(client: String?) async throws -> RunningFetch.Result {
        let fetch = try start(try adfs(client: client))
        let code = try #require(await fetch.userCode(), "no user code in: \(fetch.errorsSoFar)")
        var request = URLRequest(url: base.appendingPathComponent("device/approve"))
        request.httpMethod = "POST"
        request.httpBody = Data("user_code=\(code)&approve=yes".utf8)
        _ = try await URLSession.shared.data(for: request)
        return await fetch.finish()
    }

    func expectTripPin(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }
        let expected = try Data(contentsOf: URL(fileURLWithPath: Paths.sample("TripPin.xml")))
        let written = names.count == 1 ? try Data(contentsOf: folder.appendingPathComponent(names[0])) : nil
        #expect(written == expected, sourceLocation: sourceLocation)
    }

    /// The refresh token cached for this test's sign-in, under a key that ends with the resource.
    func cachedRefreshToken() throws -> String? {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: Any])
        let tokens = try #require(json["tokens"] as? [String: [String: Any]])
        let entry = try #require(tokens.first { $0.key.hasSuffix("|\(run)|\(base.absoluteString)") }?.value)
        return entry["refreshToken"] as? String
    }

    @Test func theDeviceGrantSignsInWithTheResourceThenTheCacheServes() async throws {
        let first = try await signIn(client: OAuthServer.deviceClientID)
        #expect(first.status == 0, "\(first.errors)")
        try expectTripPin()
        let resource = "resource=" + base.absoluteString
        #expect(try count("POST /adfs/oauth2/devicecode 200 ") == 1)
        #expect(try logLines().filter { $0.contains(" /adfs/") }.allSatisfy { $0.hasSuffix(resource) })
        #expect(try count("POST /adfs/oauth2/token 200 grant=urn:ietf:params:oauth:grant-type:device_code ") == 1)
        #expect(try cachedRefreshToken() != nil)

        let second = await (try start(try adfs(client: OAuthServer.deviceClientID))).finish()
        #expect(second.status == 0 && second.errors.isEmpty, "\(second.errors)")
        #expect(try count("POST /adfs/oauth2/devicecode ") == 1, "the cached token served")
        #expect(try count("GET /api/data/v9.0/$metadata?run=\(run) 200 ") == 2)
    }

    @Test func anExpiredTokenIsRefreshedWithTheResourceAndItsRefreshTokenKept() async throws {
        let first = try await signIn(client: OAuthServer.shortClientID)
        #expect(first.status == 0, "\(first.errors)")
        let refreshToken = try cachedRefreshToken()
        let again = await (try start(try adfs(client: OAuthServer.shortClientID))).finish()
        #expect(again.status == 0, "\(again.errors)")
        #expect(!again.errors.contains("To sign in"))
        let refresh = try #require(
            try logLines().first { $0.contains("POST /adfs/oauth2/token 200 grant=refresh_token ") }
        )
        #expect(refresh.hasSuffix("resource=" + base.absoluteString))
        #expect(try cachedRefreshToken() == refreshToken, "AD FS answers a refresh without a new refresh token")
        try expectTripPin()
    }

    @Test func clientCredentialsGoToADFSWithTheResource() async throws {
        let secret = try #require(OAuthServer.clientSecret)
        let result = await (try start(try adfs(client: OAuthServer.clientID, deviceCode: false), secret: secret))
            .finish()
        #expect(result.status == 0, "\(result.errors)")
        try expectTripPin()
        #expect(try count("POST /adfs/oauth2/token 200 grant=client_credentials ") == 1)
        #expect(try count("auth=basic resource=" + base.absoluteString) == 1)
        #expect(!result.all.contains(secret))
    }

    @Test func aResourceADFSDoesNotKnowIsAClearError() async throws {
        let arguments = try adfs(client: OAuthServer.deviceClientID, resource: "https://crm.contoso.com/")
        let result = await (try start(arguments)).finish()
        #expect(result.status != 0)
        #expect(
            result.errors.contains(
                "error: the device authorization endpoint refused the request: invalid_resource: MSIS9602: "
            )
        )
        #expect(try count("POST /adfs/oauth2/devicecode 400 ") == 1)
        #expect(try count("/api/data/") == 0)
    }
}
