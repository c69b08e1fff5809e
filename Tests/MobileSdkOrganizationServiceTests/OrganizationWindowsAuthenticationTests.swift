import Foundation
import MobileSdk
import TestSupport
import Testing

@testable import MobileSdkClient
import MobileSdkTesting
@testable import MobileSdkOrganizationService

/// The organization service signs in with Windows authentication as the Web API client does: its SOAP requests carry
/// the credential to the transport (never a header); against the `orgwindows` server (the organization service behind
/// NTLM and Negotiate, Tests/Servers/windows_auth.py) it signs in on Apple platforms, and says why it cannot on Linux.
struct OrganizationWindowsAuthenticationTests {
    static let root = TestServers.url(.organizationWindows)
    static let log = TestServers.value(.organizationWindowsLog)
    static let domain = TestServers.value(.organizationWindowsDomain) ?? ""
    static let user = TestServers.value(.organizationWindowsUser) ?? ""
    static let password = TestServers.value(.organizationWindowsPassword) ?? ""
    static let live = root != nil || (TestServers.required && OrganizationServer.schemasPresent)
    static let foundationNetworking: Bool = {
        #if canImport(FoundationNetworking)
        true
        #else
        false
        #endif
    }()

    /// This test's own path under the server's root, to find its lines in the shared log.
    let run = "win-" + UUID().uuidString.prefix(8).lowercased()

    func service(_ root: URL, password: String = Self.password) -> OrganizationServiceClient {
        let authentication = WindowsAuthentication(user: Self.user, password: password, domain: Self.domain)
        return OrganizationServiceClient(
            .init(
                serviceRoot: root.appendingPathComponent(run + "/"),
                authentication: authentication,
                registry: ResponseTests.registry
            )
        )
    }

    /// The steps of this test's requests in the server's log (offer, challenge, signed-in, refused, connection).
    func steps() throws -> [String] {
        let text = try String(contentsOfFile: try #require(Self.log, OrganizationServer.skipMessage), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.contains("/\(run)/") }
            .compactMap { $0.split(separator: " ").first { $0.hasPrefix("step=") }.map { String($0.dropFirst(5)) } }
    }

    @Test func aMessageCarriesTheCredentialToTheTransport() async throws {
        let transport = ScriptedTransport(ClientTests.xml(200, ResponseTests.executeResponse("WhoAmI", "")))
        let service = OrganizationServiceClient(
            .init(
                serviceRoot: ClientTests.organization,
                authentication: WindowsAuthentication(user: "ada", password: "s3cret", domain: "CONTOSO"),
                transport: transport,
                registry: ResponseTests.registry
            )
        )
        _ = try await service.execute(OrganizationRequest(name: "WhoAmI"))
        let request = try #require(transport.requests.first)
        #expect(request.windowsCredential?.user == "CONTOSO\\ada")
        #expect(request[header: "Authorization"] == nil)
    }

    @Test(
        .enabled(if: live, OrganizationServer.skipMessage),
        .disabled(
            if: foundationNetworking,
            """
            FoundationNetworking (swift-corelibs-foundation 6.3) raises no NTLM or Negotiate challenge, so URLSession \
            cannot sign in with Windows authentication on Linux; this runs on Apple platforms
            """
        )
    ) func signsInOnApplePlatforms() async throws {
        let root = try #require(Self.root, OrganizationServer.skipMessage)
        let response = try await service(root).execute(OrganizationRequest(name: "WhoAmI"))
        #expect(response.name == "WhoAmI")
        #expect(try steps().contains("signed-in"))
        let error = await #expect(throws: ODataServiceError.self) {
            try await service(root, password: "not-" + Self.password).execute(OrganizationRequest(name: "WhoAmI"))
        }
        #expect(error?.statusCode == 401)
    }

    @Test(
        .enabled(if: live, OrganizationServer.skipMessage),
        .enabled(if: foundationNetworking, "URLSession answers the challenges on Apple platforms")
    ) func saysWhyItCannotSignInOnLinux() async throws {
        let root = try #require(Self.root, OrganizationServer.skipMessage)
        let error = await #expect(throws: ODataClientError.self) {
            try await service(root).execute(OrganizationRequest(name: "WhoAmI"))
        }
        guard case .windowsAuthenticationUnavailable(.unsupportedPlatform, let request)? = error else {
            Issue.record(
                "expected windowsAuthenticationUnavailable(.unsupportedPlatform), got \(String(describing: error))"
            )
            return
        }
        #expect(request.hasSuffix("/\(run)/XRMServices/2011/Organization.svc/web"))
        #expect(error.map { "\($0)" }?.contains(Self.password) == false)
        // Sent once, without credentials.
        #expect(try steps() == ["offer"])
    }
}
