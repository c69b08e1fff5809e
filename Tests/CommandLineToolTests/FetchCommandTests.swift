import Foundation
import TestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `secured` server of `scripts/test-servers.sh`: TripPin behind a bearer token or basic sign-in, with a
/// revalidatable `$metadata`, a request log and misbehaving `/fetch-test/` paths (Tests/Servers/fetch_guard.py).
/// Read from the environment, else `.build-servers/servers.env`; without it the suite skips, unless
/// `MOBILESDK_REQUIRE_LIVE_TESTS=1` (set by `scripts/test.sh`) makes it fail.
enum SecuredServer {
    static let root = TestServers.value(.secured).flatMap(URL.init(string:))
    static let log = TestServers.value(.securedLog)
    static let token = TestServers.value(.securedToken)
    static let user = TestServers.value(.securedUser)
    static let password = TestServers.value(.securedPassword)
    static let required = TestServers.required
    static let skipMessage: Comment = "no secured test server: run scripts/test-servers.sh start (scripts/test.sh does)"

    /// The server's origin, for the `/fetch-test/` paths.
    static var origin: String? { root.map { $0.absoluteString.replacingOccurrences(of: $0.path, with: "") } }

}

/// `mobilesdkgen fetch` against the secured server: sign-in, revalidation, and every failure leaving the previous file.
@Suite(
    .enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"),
    .enabled(if: SecuredServer.root != nil || SecuredServer.required, SecuredServer.skipMessage)
) struct FetchCommandTests {
    /// A marker in each request's query, to find this test's lines in the shared request log.
    let run = "run-" + UUID().uuidString.prefix(8).lowercased()
    let folder: URL
    let root: URL
    let token: String

    init() throws {
        root = try #require(SecuredServer.root, SecuredServer.skipMessage)
        token = try #require(SecuredServer.token)
        folder = try Paths.temporaryDirectory()
    }

    /// Runs `mobilesdkgen fetch ARGUMENTS -o FOLDER --query run=…` with `environment` added to this process's.
    func fetch(_ arguments: [String], environment: [String: String] = [:], interruptAfter: TimeInterval? = nil) throws
        -> BuiltTool.Result
    {
        try BuiltTool.run(
            ["fetch"] + arguments + ["-o", folder.path, "--query", "run=\(run)"],
            environment: environment,
            interruptAfter: interruptAfter
        )
    }

    /// This test's lines of the server's request log.
    func logLines() throws -> [String] {
        let path = try #require(SecuredServer.log)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { $0.contains(run) }
    }

    var file: URL { folder.appendingPathComponent("odata.metadata.xml") }

    /// Writes `text` as `odata.metadata.xml`, dated 2001 so that a rewrite shows in its modification date.
    func writeOld(_ text: String = "<old/>") throws {
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceReferenceDate: 0)],
            ofItemAtPath: file.path
        )
    }

    func modificationDate() throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
    }

    /// The folder holds just these names (no temporary files left behind).
    func expectFolder(holds names: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == names,
            sourceLocation: sourceLocation
        )
    }

    @Test func createsTheFileThenRevalidatesWithoutRewriting() async throws {
        let first = try fetch(
            [root.absoluteString, "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output.hasSuffix("odata.metadata.xml: created (11585 bytes from \(root.absoluteString)$metadata)\n")
        )
        #expect(!first.all.contains(token))

        // What the server serves, fetched independently.
        var request = URLRequest(url: root.appendingPathComponent("$metadata"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (served, _) = try await URLSession.shared.data(for: request)
        #expect(try Data(contentsOf: file) == served)
        let cache = try String(contentsOf: folder.appendingPathComponent(".mobilesdkgen-fetch.json"), encoding: .utf8)
        #expect(cache.contains("\"etag\""))
        #expect(!cache.contains(token) && !cache.contains(run))

        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceReferenceDate: 0)],
            ofItemAtPath: file.path
        )
        let second = try fetch(
            [root.absoluteString, "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.hasSuffix("odata.metadata.xml: unchanged (304)\n"))
        #expect(try modificationDate() == Date(timeIntervalSinceReferenceDate: 0))
        let lines = try logLines()
        #expect(lines.count == 2)
        #expect(lines.first?.contains(" 200 if-none-match=no auth=bearer bytes=11585") == true)
        #expect(lines.last?.contains(" 304 if-none-match=yes auth=bearer bytes=0") == true)
        #expect(!lines.joined().contains(token))

        // Without the cache file: a full download, the same bytes, nothing rewritten.
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".mobilesdkgen-fetch.json"))
        let third = try fetch(
            [root.absoluteString, "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(third.output.hasSuffix("odata.metadata.xml: unchanged (same content)\n"))
        #expect(try modificationDate() == Date(timeIntervalSinceReferenceDate: 0))
        try expectFolder(holds: ["odata.metadata.xml", ".mobilesdkgen-fetch.json"])
    }

    @Test func aWrongTokenIsACredentialsErrorThatShowsNoToken() throws {
        try writeOld()
        let wrong = "wrong-\(UUID().uuidString)"
        let result = try fetch(
            [root.absoluteString, "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": wrong]
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("answered 401") && result.errors.contains("check the sign-in"))
        #expect(!result.all.contains(wrong) && !result.all.contains(token))
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
        #expect(try modificationDate() == Date(timeIntervalSinceReferenceDate: 0))
        try expectFolder(holds: ["odata.metadata.xml"])
    }

    @Test func aTokenCommandSignsIn() throws {
        let result = try fetch(
            [root.absoluteString, "--token-command", "printf '%s\\n' \"$FETCH_TEST_TOKEN\""],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("odata.metadata.xml: created"))
        #expect(!result.all.contains(token))
    }

    @Test func aFailingTokenCommandShowsNotItsOutput() throws {
        try writeOld()
        let result = try fetch(
            [root.absoluteString, "--token-command", "printf '%s\\n' \"$FETCH_TEST_TOKEN\"; exit 3"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("--token-command failed (exit status 3); its output is not shown"))
        #expect(!result.all.contains(token))
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
    }

    @Test func basicSignInWithAPasswordFromTheEnvironment() throws {
        let user = try #require(SecuredServer.user)
        let password = try #require(SecuredServer.password)
        let result = try fetch(
            [root.absoluteString, "--user", user, "--password-env", "FETCH_TEST_PASSWORD", "--name", "TripPin"],
            environment: ["FETCH_TEST_PASSWORD": password]
        )
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("TripPin.metadata.xml: created"))
        #expect(!result.all.contains(password))
        #expect(try logLines().first?.contains(" 200 if-none-match=no auth=basic ") == true)

        let withoutPassword = try fetch([root.absoluteString, "--user", user, "--name", "TripPin"])
        #expect(withoutPassword.status != 0)
        #expect(withoutPassword.errors.contains("--user needs --password-env VAR, or a terminal"))
    }

    @Test func aWrongServiceRootIs404() throws {
        let origin = try #require(SecuredServer.origin)
        let result = try fetch(
            [origin + "/wrong/", "--token-env", "FETCH_TEST_TOKEN", "--name", "odata"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("answered 404: no $metadata there; check the service root"))
        try expectFolder(holds: [])
    }

    @Test func anHTMLSignInPageIsRefused() throws {
        try writeOld()
        let origin = try #require(SecuredServer.origin)
        let result = try fetch([origin + "/fetch-test/html/", "--name", "odata"])
        #expect(result.status != 0)
        #expect(
            result.errors.contains("sent something other than metadata XML (text/html; charset=utf-8): an HTML page")
        )
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
        try expectFolder(holds: ["odata.metadata.xml"])
    }

    @Test func aTruncatedDocumentIsRefused() throws {
        try writeOld()
        let origin = try #require(SecuredServer.origin)
        let result = try fetch([origin + "/fetch-test/truncated/", "--name", "odata"])
        #expect(result.status != 0)
        #expect(result.errors.contains("sent an incomplete or malformed metadata document (application/xml)"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
        try expectFolder(holds: ["odata.metadata.xml"])
    }

    @Test func aRedirectToAnotherHostIsRefused() throws {
        try writeOld()
        let origin = try #require(SecuredServer.origin)
        let result = try fetch(
            [origin + "/fetch-test/redirect/", "--name", "odata", "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(result.status != 0)
        #expect(result.errors.contains("redirects to another host (localhost)"))
        #expect(!result.all.contains(token))
        // The redirect's target (this server again, as localhost) was never asked.
        let lines = try logLines()
        #expect(lines.count == 1)
        #expect(
            try String(contentsOf: SecuredServer.log.map(URL.init(fileURLWithPath:)) ?? file, encoding: .utf8)
                .contains("/fetch-test/elsewhere/") == false
        )
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
    }

    @Test func aSameHostRedirectIsFollowedWithTheCredentials() throws {
        let origin = try #require(SecuredServer.origin)
        let result = try fetch(
            [origin + "/fetch-test/moved/", "--name", "odata", "--token-env", "FETCH_TEST_TOKEN"],
            environment: ["FETCH_TEST_TOKEN": token]
        )
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("odata.metadata.xml: created"))
    }

    @Test func throttlingIsWaitedOutThreeTimesThenReported() throws {
        let origin = try #require(SecuredServer.origin)
        let result = try fetch([origin + "/fetch-test/throttled/", "--name", "odata"])
        #expect(result.status != 0)
        #expect(result.errors.contains("answered 429 (too many requests) 4 times; try again later"))
        #expect(try logLines().count == 4)
        try expectFolder(holds: [])
    }

    @Test func anUnreachableHostIsReported() throws {
        try writeOld()
        let result = try fetch(["http://127.0.0.1:1/odata/"])
        #expect(result.status != 0)
        #expect(result.errors.contains("cannot reach http://127.0.0.1:1/odata/$metadata"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
    }

    @Test func anInterruptedFetchLeavesThePreviousFile() throws {
        try writeOld()
        let origin = try #require(SecuredServer.origin)
        let result = try fetch([origin + "/fetch-test/slow/", "--name", "odata"], interruptAfter: 1)
        #expect(result.status != 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == "<old/>")
        #expect(try modificationDate() == Date(timeIntervalSinceReferenceDate: 0))
        try expectFolder(holds: ["odata.metadata.xml"])
    }
}

/// `mobilesdkgen fetch`'s arguments, checked before anything is sent (no server needed).
@Suite(.enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"))
struct FetchArgumentTests {
    func fetch(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = BuiltTool.executable
        process.arguments = ["fetch"] + arguments + ["-o", try Paths.temporaryDirectory().path]
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "FETCH_TEST_UNSET" }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        (["ftp://host/odata/"], "the service root must be an absolute http or https URL"),
        (["http://user:secret-password@127.0.0.1:1/odata/"], "must not hold a user or password"),
        (["http://127.0.0.1:1/"], "cannot name the file after the service root: give --name"),
        (["http://127.0.0.1:1/odata/", "--name", "../x"], "--name must be a file name"),
        (["http://127.0.0.1:1/odata/", "--header", "Authorization secret-value"], "--header must be \"Name: value\""),
        (
            ["http://127.0.0.1:1/odata/", "--token-env", "A", "--user", "u"],
            "give one of --token-env, --token-command and --user"
        ), (["http://127.0.0.1:1/odata/", "--password-env", "A"], "--password-env needs --user"),
        (
            ["http://127.0.0.1:1/odata/", "--token-env", "FETCH_TEST_UNSET"],
            "the environment variable FETCH_TEST_UNSET is not set or empty"
        ),
        (
            ["http://127.0.0.1:1/odata/", "--all-entities", "--entity", "account"],
            "--all-entities cannot be combined with --entity or --config"
        ), (["http://127.0.0.1:1/odata/", "--concurrency", "0"], "--concurrency must be from 1 to 32"),
        (["http://127.0.0.1:1/odata/", "--entity", "account,x')/../y"], "'x')/../y' is not an entity's logical name"),
        (
            ["http://127.0.0.1:1/odata/", "--config", "/nonexistent/mobilesdkgen-config.json"],
            "cannot read the configuration file"
        ),
    ]) func badArgumentsAreRefusedWithoutEchoingSecrets(arguments: [String], message: String) throws {
        let (status, errors) = try fetch(arguments)
        #expect(status != 0)
        #expect(errors.contains(message), "\(errors)")
        #expect(!errors.contains("secret"))
    }
}
