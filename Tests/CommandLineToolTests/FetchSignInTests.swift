import Foundation
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `oauth` server of `scripts/test-servers.sh` (Tests/Servers/oauth_server.py): Authlib's token and device
/// authorization endpoints and TripPin's `$metadata` behind the bearer tokens it issued. Read from the environment,
/// else `.build-servers/servers.env`; without it the suite skips, unless `MOBILESDK_REQUIRE_LIVE_TESTS=1`.
enum OAuthServer {
    static let base = TestServers.value(.oauth).flatMap(URL.init(string:))
    static let log = TestServers.value(.oauthLog)
    static let clientID = TestServers.value(.oauthClientId)
    static let clientSecret = TestServers.value(.oauthClientSecret)
    static let deviceClientID = TestServers.value(.oauthDeviceClientId)
    /// A device client whose tokens live 5 s: always within the cache's minute of margin, so always refreshed.
    static let shortClientID = TestServers.value(.oauthShortClientId)
    static let required = TestServers.required
    static let skipMessage: Comment = "no OAuth test server: run scripts/test-servers.sh start (scripts/test.sh does)"

}

/// `mobilesdkgen fetch` signing in with OAuth 2.0 against a real authorization server: client credentials, the device
/// grant (approved, denied, slowed down, expired), the token cache and its refresh, and no secret ever shown.
@Suite(
    .enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"),
    .enabled(if: OAuthServer.base != nil || OAuthServer.required, OAuthServer.skipMessage)
) struct FetchSignInTests {
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
    var scope: String { "odata \(run)" }

    func clientCredentials() throws -> [String] {
        [
            "--client-id", try #require(OAuthServer.clientID), "--client-secret-env", "FETCH_TEST_SECRET",
            "--token-url", base.absoluteString + "oauth/token", "--scope", "odata", "--scope", run,
        ]
    }

    func deviceCode(client: String?, extra: [String] = []) throws -> [String] {
        [
            "--client-id", try #require(client), "--device-code", "--token-url", base.absoluteString + "oauth/token",
            "--device-authorization-url", base.absoluteString + "oauth/device_authorization", "--scope", scope,
        ] + extra
    }

    /// Starts `mobilesdkgen fetch SERVICE ARGUMENTS -o FOLDER --query run=…` with its own XDG_CACHE_HOME.
    func start(_ arguments: [String], secret: String? = nil) throws -> RunningFetch {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheHome.path
        environment["FETCH_TEST_SECRET"] = secret
        return try RunningFetch(
            [base.absoluteString + "odata/"] + arguments + ["-o", folder.path, "--query", "run=\(run)"],
            environment: environment
        )
    }

    /// This test's lines of the server's request log.
    func logLines() throws -> [String] {
        let text = try String(contentsOfFile: try #require(OAuthServer.log), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.contains(run) }
    }

    func count(_ fragment: String) throws -> Int { try logLines().filter { $0.contains(fragment) }.count }

    /// POSTs a form to the server (the approval routes standing in for the user's browser).
    func post(_ path: String, _ form: String) async throws {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(form.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    /// Runs a device-grant fetch, approving (or denying) the code it prints; `before` runs once the code is known.
    func signIn(
        client: String?,
        approve: Bool = true,
        extra: [String] = [],
        before: (String) async throws -> Void = { _ in }
    ) async throws -> RunningFetch.Result {
        let fetch = try start(try deviceCode(client: client, extra: extra))
        let code = try #require(await fetch.userCode(), "no user code in: \(fetch.errorsSoFar)")
        #expect(fetch.errorsSoFar.contains("To sign in, open \(base.absoluteString)device and enter the code \(code)"))
        #expect(
            fetch.errorsSoFar.contains("(or open \(base.absoluteString)device?user_code=\(code), which holds the code)")
        )
        try await before(code)
        try await post("device/approve", "user_code=\(code)&approve=\(approve ? "yes" : "no")")
        return await fetch.finish()
    }

    /// The metadata written (whatever `fetch` names it), or nil.
    func metadataFile() throws -> Data? {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xml") }
        return names.count == 1
            ? FileManager.default.contents(atPath: folder.appendingPathComponent(names[0]).path) : nil
    }

    func expectTripPin(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try Data(contentsOf: URL(fileURLWithPath: Paths.sample("TripPin.xml")))
        #expect(try metadataFile() == expected, sourceLocation: sourceLocation)
    }

    /// The cached tokens of this test's sign-in.
    func cachedTokens() throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile)) as? [String: Any])
        let tokens = try #require(json["tokens"] as? [String: [String: Any]])
        let entry = try #require(tokens.first { $0.key.hasSuffix("|" + scope) }?.value)
        return ["accessToken", "refreshToken"].compactMap { entry[$0] as? String }
    }

    /// None of `secrets` is in the output or in any file of the metadata folder.
    func expectNowhere(
        _ secrets: [String],
        in result: RunningFetch.Result,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var texts = [result.all]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            texts.append(String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self))
        }
        for secret in secrets where !secret.isEmpty {
            #expect(
                !texts.contains { $0.contains(secret) },
                "a token or secret was shown or written",
                sourceLocation: sourceLocation
            )
        }
    }

    func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func clientCredentialsFetchTheMetadata() async throws {
        let secret = try #require(OAuthServer.clientSecret)
        let result = await (try start(try clientCredentials(), secret: secret)).finish()
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(": created (13738 bytes from \(base.absoluteString)odata/$metadata)"))
        try expectTripPin()
        #expect(
            try count("POST /oauth/token 200 grant=client_credentials client=\(try #require(OAuthServer.clientID)) ")
                == 1
        )
        #expect(try count("auth=basic") == 1)  // client_secret_basic
        #expect(try count("GET /odata/$metadata?run=\(run) 200 ") == 1)
        // Not cached, and no token-like string (the server's are 42 letters and digits) in the output.
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        #expect(result.all.range(of: "[A-Za-z0-9]{40}", options: .regularExpression) == nil)
        try expectNowhere([secret], in: result)
        #expect(!(try String(contentsOfFile: try #require(OAuthServer.log), encoding: .utf8)).contains(secret))
    }

    @Test func aWrongSecretIsAClearErrorShowingNeitherSecretNorBody() async throws {
        let wrong = "wrong-\(UUID().uuidString)"
        let result = await (try start(try clientCredentials(), secret: wrong)).finish()
        #expect(result.status != 0)
        #expect(result.errors.contains("error: the token endpoint refused the client credentials: invalid_client"))
        #expect(result.errors.contains("(check --client-id and the secret in FETCH_TEST_SECRET)"))
        #expect(!result.all.contains("{") && !result.all.contains(wrong))
        try expectNowhere([wrong, try #require(OAuthServer.clientSecret)], in: result)
        #expect(try metadataFile() == nil)
    }

    @Test func theDeviceGrantSignsInThenTheCacheSignsInAlone() async throws {
        let first = try await signIn(client: OAuthServer.deviceClientID)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.errors.hasSuffix("Signed in.\n"))
        try expectTripPin()
        #expect(try mode(cacheFile) == 0o600)
        #expect(try mode(cacheFile.deletingLastPathComponent()) == 0o700)
        let tokens = try cachedTokens()
        #expect(tokens.count == 2)

        let second = await (try start(try deviceCode(client: OAuthServer.deviceClientID))).finish()
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.errors.isEmpty)
        #expect(second.output.contains(": unchanged (same content)"))
        #expect(try count("POST /oauth/device_authorization 200 ") == 1)
        #expect(try count("POST /oauth/token 200 ") == 1)
        #expect(try count("GET /odata/$metadata?run=\(run) 200 ") == 2)
        try expectNowhere(tokens, in: first)
        try expectNowhere(tokens, in: second)
    }

    @Test func anExpiredTokenIsRefreshedWithTheRotatedRefreshToken() async throws {
        let first = try await signIn(client: OAuthServer.shortClientID)
        #expect(first.status == 0, "\(first.errors)")
        let signedIn = try cachedTokens()
        for round in 1...2 {
            let again = await (try start(try deviceCode(client: OAuthServer.shortClientID))).finish()
            #expect(again.status == 0, "\(again.errors)")
            #expect(!again.errors.contains("To sign in"))
            #expect(try count("grant=refresh_token ") == round)
            #expect(try count("POST /oauth/token 200 grant=refresh_token ") == round)
            try expectNowhere(signedIn + (try cachedTokens()), in: again)
        }
        #expect(try cachedTokens() != signedIn)
        #expect(try count("POST /oauth/device_authorization ") == 1)
        #expect(try count("GET /odata/$metadata?run=\(run) 200 ") == 3)
        try expectTripPin()
    }

    @Test func aCachedTokenTheServiceRefusesIsRenewedOnce() async throws {
        let first = try await signIn(client: OAuthServer.deviceClientID)
        #expect(first.status == 0, "\(first.errors)")
        let signedIn = try cachedTokens()
        // A token the server never issued, still an hour from expiring in the cache: as a revoked one looks.
        let refused = "refused" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let text = try String(contentsOf: cacheFile, encoding: .utf8)
        try Data(text.replacingOccurrences(of: signedIn[0], with: refused).utf8).write(to: cacheFile)

        let again = await (try start(try deviceCode(client: OAuthServer.deviceClientID))).finish()
        #expect(again.status == 0, "\(again.errors)")
        #expect(again.errors == "The service refused the cached sign-in (401); signing in again.\n")
        #expect(try count("GET /odata/$metadata?run=\(run) 401 ") == 1)
        #expect(try count("POST /oauth/token 200 grant=refresh_token ") == 1)
        #expect(try count("POST /oauth/device_authorization ") == 1)
        #expect(try count("GET /odata/$metadata?run=\(run) 200 ") == 2)
        let renewed = try cachedTokens()
        #expect(!renewed.contains(refused) && renewed[0] != signedIn[0])
        try expectNowhere(signedIn + renewed + [refused], in: again)
        try expectTripPin()
    }

    @Test func aDeniedSignInIsAClearError() async throws {
        let result = try await signIn(client: OAuthServer.deviceClientID, approve: false)
        #expect(result.status != 0)
        #expect(result.errors.contains("error: the sign-in was declined (access_denied); nothing was fetched"))
        #expect(try metadataFile() == nil)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
    }

    @Test func slowDownAddsFiveSecondsToTheInterval() async throws {
        let result = try await signIn(client: OAuthServer.deviceClientID, extra: ["--no-token-cache"]) { code in
            try await post("device/slow-down", "user_code=\(code)")
            for _ in 0..<100 {
                if try count("error=slow_down") > 0 { break }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        #expect(result.status == 0, "\(result.errors)")
        try expectTripPin()
        #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
        let polls = try logLines().filter { $0.contains("POST /oauth/token ") }
        #expect(polls.filter { $0.contains("error=slow_down") }.count == 1)  // and no poll came too soon after it
        let times = polls.compactMap { $0.split(separator: " ").first.flatMap { Double($0) } }
        if let slowDown = polls.firstIndex(where: { $0.contains("error=slow_down") }), slowDown + 1 < times.count {
            #expect(times[slowDown + 1] - times[slowDown] >= 5.9)  // the interval of 1 s plus 5
        } else {
            Issue.record("no poll after slow_down: \(polls)")
        }
    }

    @Test func anExpiredCodeIsAClearError() async throws {
        let fetch = try start(try deviceCode(client: OAuthServer.deviceClientID))
        let code = try #require(await fetch.userCode())
        try await post("device/expire", "user_code=\(code)")
        let result = await fetch.finish()
        #expect(result.status != 0)
        #expect(result.errors.contains("error: the code expired before the sign-in was completed; run fetch again"))
        #expect(try metadataFile() == nil)
    }

    @Test func ctrlCWhilePollingLeavesNothingBehind() async throws {
        let fetch = try start(try deviceCode(client: OAuthServer.deviceClientID))
        _ = try #require(await fetch.userCode())
        fetch.interrupt()
        let result = await fetch.finish()
        #expect(result.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cacheFile.deletingLastPathComponent().path))
    }

    @Test func aCacheOthersCanReadIsNotTrusted() async throws {
        try FileManager.default.createDirectory(
            at: cacheFile.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        let key = "\(base.absoluteString)oauth/token|\(try #require(OAuthServer.deviceClientID))|\(scope)"
        let planted = #"{"version": 1, "tokens": {"\#(key)": {"accessToken": "planted", "expiresAt": 4102444800}}}"#
        try Data(planted.utf8).write(to: cacheFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: cacheFile.path)
        let result = try await signIn(client: OAuthServer.deviceClientID)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("warning: not reading the token cache \(cacheFile.path): others can read it"))
        #expect(try mode(cacheFile) == 0o600)
        #expect(try !String(contentsOf: cacheFile, encoding: .utf8).contains("planted"))
    }

    @Test func aTokenEndpointRedirectingToAnotherHostIsRefused() async throws {
        let secret = try #require(OAuthServer.clientSecret)
        let arguments = [
            "--client-id", try #require(OAuthServer.clientID), "--client-secret-env", "FETCH_TEST_SECRET",
            "--token-url", base.absoluteString + "oauth/moved", "--scope", scope,
        ]
        let result = await (try start(arguments, secret: secret)).finish()
        #expect(result.status != 0)
        #expect(result.errors.contains("oauth/moved redirects to another host (localhost): refused"))
        #expect(try count("POST /oauth/moved 307 ") == 1)
        #expect(try count("POST /oauth/token ") == 0)  // the redirect was not followed
        try expectNowhere([secret], in: result)
    }
}

/// `mobilesdkgen fetch` running, its standard error read as it comes (to find the user code while it polls).
final class RunningFetch: @unchecked Sendable {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        var all: String { output + errors }
    }

    private let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSLock()
    private var errorData = Data()

    init(_ arguments: [String], environment: [String: String]) throws {
        process.executableURL = BuiltTool.executable
        process.arguments = ["fetch"] + arguments
        process.environment = environment
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            if data.isEmpty { handle.readabilityHandler = nil }
            self?.append(data)
        }
        try process.run()
    }

    private func append(_ data: Data) {
        lock.lock()
        errorData.append(data)
        lock.unlock()
    }

    var errorsSoFar: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: errorData, as: UTF8.self)
    }

    /// The user code printed on standard error, waiting up to 20 s for it.
    func userCode() async -> String? {
        for _ in 0..<400 {
            let text = errorsSoFar
            if let range = text.range(of: "enter the code "), let end = text[range.upperBound...].firstIndex(of: "\n") {
                return String(text[range.upperBound..<end])
            }
            if !process.isRunning { return nil }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return nil
    }

    /// Ctrl-C.
    func interrupt() { process.interrupt() }

    /// Waits for the end (at most 60 s, then interrupts it).
    func finish() async -> Result {
        for _ in 0..<1200 where process.isRunning { try? await Task.sleep(nanoseconds: 50_000_000) }
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        for _ in 0..<40 where errors.fileHandleForReading.readabilityHandler != nil {
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return Result(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            errors: errorsSoFar
        )
    }
}

/// The OAuth options of `mobilesdkgen fetch`, checked before anything is sent (no server needed).
@Suite(.enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"))
struct FetchSignInArgumentTests {
    static let root = "http://127.0.0.1:1/odata/"
    static let token = ["--token-url", "https://login.example.com/token"]
    static let adfs = "https://sts.contoso.com/adfs"
    static let crm = "https://crm.contoso.com/"

    @Test(arguments: [
        (["--client-secret-env", "S"], "--client-secret-env needs --client-id"),
        (["--scope", "a"], "--scope needs --client-id"),
        (["--tenant", "contoso.onmicrosoft.com"], "--tenant needs --client-id"),
        (["--device-code"], "--device-code needs --client-id"),
        (["--client-id", "c"] + token, "--client-id needs --client-secret-env (client credentials) or --device-code"),
        (["--client-id", "c", "--client-secret-env", "S"], "--client-id needs --token-url (or --tenant, or --adfs)"),
        (
            ["--client-id", "c", "--device-code"] + token,
            "--device-code needs --device-authorization-url (or --tenant, or --adfs)"
        ),
        (
            ["--client-id", "c", "--device-code", "--client-secret-env", "S", "--tenant", "t"],
            "--client-secret-env is for client credentials"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--no-token-cache"] + token,
            "--no-token-cache is for --device-code"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--device-authorization-url", "https://x/d"] + token,
            "--device-authorization-url needs --device-code"
        ),
        (
            ["--token-env", "T", "--client-id", "c", "--client-secret-env", "S"] + token,
            "give one of --token-env, --token-command and --user, or OAuth"
        ),
        (
            ["--user", "u", "--client-id", "c", "--device-code", "--tenant", "t"],
            "give one of --token-env, --token-command and --user, or OAuth"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--tenant", "t"] + token,
            "--tenant sets --token-url and --device-authorization-url"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--tenant", "hunter2/tenant"],
            "--tenant must be a tenant id or domain name"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--token-url", "http://login.example.com/hunter2"],
            "--token-url must use https: plain http is allowed only to this machine"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--token-url", "https://user:hunter2@login.example.com/"],
            "--token-url must not hold a user or password"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--token-url", "hunter2"],
            "--token-url must be an absolute https URL"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--scope", "a\"hunter2"] + token,
            "--scope may hold only printable ASCII"
        ),
        (
            ["--client-id", "c", "--client-secret-env", "FETCH_TEST_UNSET"] + token,
            "--client-secret-env: the environment variable FETCH_TEST_UNSET is not set or empty"
        ), (["--adfs", adfs], "--adfs needs --client-id"), (["--resource", crm], "--resource needs --client-id"),
        (["--client-id", "c", "--device-code", "--adfs", adfs], "--adfs needs --resource: the identifier of"),
        (
            ["--client-id", "c", "--device-code", "--adfs", adfs, "--resource", crm] + token,
            "--adfs sets --token-url and --device-authorization-url: give either --adfs or the URLs"
        ),
        (
            ["--client-id", "c", "--device-code", "--adfs", adfs, "--tenant", "t", "--resource", crm],
            "give either --tenant (Microsoft Entra ID) or --adfs (AD FS), not both"
        ),
        (
            ["--client-id", "c", "--device-code", "--adfs", "http://sts.contoso.com/hunter2", "--resource", crm],
            "--adfs must use https: plain http is allowed only to this machine"
        ),
        (["--client-id", "c", "--device-code", "--tenant", "t", "--resource", crm], "--resource is not for --tenant"),
        (
            ["--client-id", "c", "--client-secret-env", "S", "--resource", "hunter2"] + token,
            "--resource must be an absolute URI"
        ),
        (
            ["--client-id", "c", "--device-code", "--adfs", adfs, "--resource", "https://crm.contoso.com/ hunter2"],
            "--resource must be an absolute URI"
        ),
    ]) func badOAuthArgumentsAreRefusedWithoutEchoingValues(arguments: [String], message: String) async throws {
        let process = Process()
        process.executableURL = BuiltTool.executable
        process.arguments = ["fetch", Self.root] + arguments + ["-o", try Paths.temporaryDirectory().path]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "FETCH_TEST_UNSET" }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Waits without holding one of the few threads of Swift's concurrency pool, which the live tests running
        // beside (a loopback listener among them) need.
        let status = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        // The message is far smaller than a pipe's buffer, and the process has ended: this read does not wait.
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status != 0)
        #expect(text.contains(message), "\(text)")
        #expect(!text.contains("hunter2"))
    }
}
