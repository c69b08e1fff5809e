import Foundation
import ServiceAccess
import Testing

/// Where credentials may go, as the client and the command line both decide it (one rule, `CredentialRules`).
struct CredentialRulesTests {
    /// Hosts, and whether each is this machine.
    static let hosts: [(String?, Bool)] = [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.1.2.3", true), ("::1", true),
        ("[::1]", true), ("127.0.0.1.example.com", false), ("127.0.0", false), ("127.0.0.256", false),
        ("128.0.0.1", false), ("example.com", false), ("localhost.example.com", false), (nil, false),
    ]

    @Test func loopbackIsLocalhostTheIPv6LoopbackAndIPv4LiteralsOf127() {
        for (host, expected) in Self.hosts { #expect(CredentialRules.isLoopback(host) == expected, "\(host ?? "nil")") }
    }

    @Test func credentialsGoOverHttpsOrToThisMachine() throws {
        let cases: [(String, Bool)] = [
            ("https://contoso.crm.dynamics.com/api/data/v9.2/", true), ("http://127.0.0.1:8080/odata/", true),
            ("http://[::1]:8080/odata/", true), ("http://localhost/odata/", true),
            ("http://contoso.example.com/odata/", false), ("ftp://127.0.0.1/", false),
        ]
        for (text, expected) in cases {
            #expect(CredentialRules.isSecure(try #require(URL(string: text))) == expected, "\(text)")
        }
    }

    @Test func anOriginIsSchemeHostAndPortWithDefaultPortsFilledIn() throws {
        let root = try #require(URL(string: "https://org.example.com/api/data/v9.2/"))
        let cases: [(String, Bool)] = [
            ("https://org.example.com:443/api/data/v9.2/accounts", true), ("https://ORG.example.com/x", true),
            ("http://org.example.com/x", false), ("https://org.example.com:8443/x", false),
            ("https://other.example.com/x", false),
        ]
        for (text, expected) in cases {
            #expect(CredentialRules.isSameOrigin(try #require(URL(string: text)), as: root) == expected, "\(text)")
        }
    }

    @Test func requestsGoOutWithTheSchemeInLowerCase() throws {
        let cases = [
            ("HTTP://127.0.0.1:8080/svc/People?$top=1#x", "http://127.0.0.1:8080/svc/People?$top=1#x"),
            ("Https://Org.example.com/api/", "https://Org.example.com/api/"),
            ("https://org.example.com/api/", "https://org.example.com/api/"),
        ]
        for (text, expected) in cases {
            #expect(try #require(URL(string: text)).withLowercasedScheme.absoluteString == expected)
        }
    }
}
