import Foundation
import MobileSdk
import MobileSdkClient
import TestSupport
import Testing
import TripPinModel

/// The `windows` server of `scripts/test-servers.sh`: TripPin behind Windows authentication as IIS fronts on-premises
/// Dynamics — NTLM, and Negotiate carrying NTLM, checked by pyspnego on keep-alive connections
/// (Tests/Servers/windows_auth.py), its log naming each request's connection and handshake step.
enum WindowsServer {
    static let root = TestServers.url(.windows)
    static let log = TestServers.value(.windowsLog)
    static let domain = TestServers.value(.windowsDomain) ?? ""
    static let user = TestServers.value(.windowsUser) ?? ""
    static let password = TestServers.value(.windowsPassword) ?? ""

    /// Whether URLSession is FoundationNetworking's, which cannot sign in with Windows authentication.
    static let foundationNetworking: Bool = {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }()

    static let linuxComment: Comment = """
        FoundationNetworking (swift-corelibs-foundation 6.3, libcurl) raises no NTLM or Negotiate challenge — its \
        WWW-Authenticate parser keeps Basic alone — and never sets libcurl's NTLM options, so URLSession cannot do the \
        handshake on Linux; this runs on Apple platforms
        """

    /// The log's lines for request paths containing `marker`.
    static func lines(containing marker: String) throws -> [String] {
        let path = try #require(log, LiveServers.skipMessage)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.contains(marker) }
    }

    /// The value of `name=` in a log line.
    static func field(_ name: String, of line: String) -> String? {
        line.split(separator: " ").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
}

@Suite(.enabled(if: WindowsServer.root != nil || LiveServers.required, LiveServers.skipMessage))
struct WindowsAuthenticationLiveTests {
    let root: URL
    /// In the paths of this test's requests, to find its lines in the shared log.
    let marker = "w" + UUID().uuidString.prefix(8).lowercased()

    init() throws { root = try #require(WindowsServer.root, LiveServers.skipMessage) }

    private func client(password: String) -> ODataClient {
        let registry = EntityRegistry()
        GeneratedEntities.register(in: registry)
        let authentication = WindowsAuthentication(
            user: WindowsServer.user,
            password: password,
            domain: WindowsServer.domain
        )
        return ODataClient(.init(serviceRoot: root, authentication: authentication, registry: registry))
    }

    /// The server is real: libcurl's NTLM (type 1, the server's type 2 challenge, type 3) signs in on one
    /// connection; no credentials get both offers; a wrong password is refused. Runs everywhere curl does.
    @Test func theServerDoesTheNTLMHandshake() throws {
        let url = root.absoluteString + "People('\(marker)')"
        let user = "\(WindowsServer.domain)\\\(WindowsServer.user)"
        func status(_ arguments: [String]) throws -> String {
            let base = ["curl", "--silent", "--output", "/dev/null", "--write-out", "%{http_code}", "--max-time", "10"]
            return try SystemCommand.run(base + arguments + [url]).output
        }
        #expect(try status([]) == "401")
        // Signed in, the request runs: TripPin has no such person.
        #expect(try status(["--ntlm", "--user", "\(user):\(WindowsServer.password)"]) == "404")
        #expect(try status(["--ntlm", "--user", "\(user):not-\(WindowsServer.password)"]) == "401")
        let steps = try WindowsServer.lines(containing: marker)
            .map { [WindowsServer.field("step", of: $0), WindowsServer.field("connection", of: $0)] }
        #expect(steps.map { $0[0] } == ["offer", "challenge", "signed-in", "challenge", "refused"])
        #expect(steps.count == 5 && steps[1][1] == steps[2][1], "one connection for the handshake: \(steps)")
    }

    @Test(.disabled(if: WindowsServer.foundationNetworking, WindowsServer.linuxComment))
    func theClientSignsInAndWrites() async throws {
        let client = client(password: WindowsServer.password)
        let person = Person(creatingWithKey: EntityKey(marker))
        person.firstName = "Ada"
        person.lastName = "Lovelace"
        person.gender = .female
        person.emails = []
        person.favoriteFeature = .wifi
        _ = try await client.create(person)
        let read = try await client.retrieve(Person.self, key: EntityKey(marker))
        #expect(read.firstName == "Ada")
        let steps = try WindowsServer.lines(containing: marker).compactMap { WindowsServer.field("step", of: $0) }
        #expect(steps.contains("signed-in") && !steps.contains("refused"), "\(steps)")
    }

    @Test(.disabled(if: WindowsServer.foundationNetworking, WindowsServer.linuxComment))
    func aWrongPasswordIsRefusedOnce() async throws {
        let wrong = "not-" + WindowsServer.password
        let error = await #expect(throws: ODataServiceError.self) {
            try await client(password: wrong).retrieve(Person.self, key: EntityKey(marker))
        }
        #expect(error?.statusCode == 401)
        #expect(error?.localizedDescription == "The service did not accept the sign-in; sign in again.")
        for text in [error.map { "\($0)" }, error?.localizedDescription] {
            #expect(text?.contains(WindowsServer.password) == false)
        }
        let refusals = try WindowsServer.lines(containing: marker).filter { $0.contains("step=refused") }
        #expect(refusals.count == 1, "a refused password is not sent again: \(refusals)")
    }

    /// What Linux can prove of the client: it sends no credential in the clear, and says why it cannot sign in.
    @Test(.enabled(if: WindowsServer.foundationNetworking, "URLSession answers the challenges on Apple platforms"))
    func onLinuxTheClientSaysWhyItCannotSignIn() async throws {
        let error = await #expect(throws: ODataClientError.self) {
            try await client(password: WindowsServer.password).retrieve(Person.self, key: EntityKey(marker))
        }
        guard case .windowsAuthenticationUnavailable(.unsupportedPlatform, let request)? = error else {
            Issue.record(
                "expected windowsAuthenticationUnavailable(.unsupportedPlatform), got \(String(describing: error))"
            )
            return
        }
        #expect(request.hasPrefix("GET \(root.absoluteString)People"))
        #expect(
            error?.localizedDescription
                == "The server 127.0.0.1 asks for Windows sign-in, which is not available on this device."
        )
        for text in [error.map { "\($0)" }, error?.localizedDescription] {
            #expect(text?.contains(WindowsServer.password) == false)
        }
        // One request, without credentials, answered with the two offers.
        let lines = try WindowsServer.lines(containing: marker)
        #expect(lines.count == 1 && lines.first?.contains(" 401 ") == true, "\(lines)")
        #expect(lines.first.flatMap { WindowsServer.field("step", of: $0) } == "offer")
    }
}
