import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// SAP Gateway's CSRF protection: a GET of the service document with `X-CSRF-Token: Fetch` hands out the token and
/// the session cookies; modifying requests carry both; a 403 with `X-CSRF-Token: Required` fetches a new token once.
/// Exchanges in the shapes of SAP's documentation (GWSAMPLE_BASIC, OData v2).
struct CSRFProtectionTests {
    private static let root = URL(string: "https://gateway.contoso.com/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/")!
    private static let sessionCookie = "SAP_SESSIONID_GW1_100=q7Tz0xEXAMPLEx9Kd%3d"

    private func client(_ transport: any HTTPTransport) -> ODataClient {
        var configuration = ODataClient.Configuration.sapGateway(
            serviceRoot: Self.root,
            authentication: NoAuthentication()
        )
        configuration.transport = transport
        configuration.retryPolicy = .none
        return ODataClient(configuration)
    }

    /// The service document's answer to a token fetch: the token and two cookies, joined as URLSession joins them.
    private func tokenResponse(_ token: String) -> ScriptedTransport.Reply {
        .json(
            #"{"d":{"EntitySets":["BusinessPartnerSet","SalesOrderSet"]}}"#,
            headers: [
                "x-csrf-token": token,
                "set-cookie": "\(Self.sessionCookie); path=/; secure; HttpOnly, "
                    + "sap-usercontext=sap-client=100; path=/; expires=Wed, 25-Nov-2026 10:00:00 GMT",
            ]
        )
    }

    private var csrfRequired: ScriptedTransport.Reply {
        .response(
            HTTPResponse(
                statusCode: 403,
                headerFields: ["x-csrf-token": "Required", "Content-Type": "text/plain"],
                body: Data("CSRF token validation failed".utf8)
            )
        )
    }

    private func post(_ path: String = "SalesOrderSet") -> HTTPRequest {
        HTTPRequest(
            method: "POST",
            url: Self.root.appendingPathComponent(path),
            body: Data(#"{"CustomerID":"0100000000"}"#.utf8)
        )
    }

    @Test func theFirstWriteFetchesTheTokenThenSendsItWithTheCookies() async throws {
        let transport = ScriptedTransport(tokenResponse("k3Jw0EXAMPLEtoken=="), .status(201))
        _ = try await client(transport).send(post())

        let requests = transport.requests
        try #require(requests.count == 2)
        #expect(requests[0].method == "GET")
        #expect(requests[0].url == Self.root)
        #expect(requests[0][header: "X-CSRF-Token"] == "Fetch")
        #expect(requests[0][header: "Cookie"] == nil)
        #expect(requests[1].method == "POST")
        #expect(requests[1][header: "X-CSRF-Token"] == "k3Jw0EXAMPLEtoken==")
        #expect(requests[1][header: "Cookie"] == "\(Self.sessionCookie); sap-usercontext=sap-client=100")
    }

    @Test func aSecondWriteReusesTheTokenAndAGetNeverSendsIt() async throws {
        let transport = ScriptedTransport(
            tokenResponse("token-1"),
            .status(201),
            .status(204),
            .json(#"{"d":{"results":[]}}"#)
        )
        let client = client(transport)
        _ = try await client.send(post())
        try await client.delete(Entity.self, key: EntityKey("0500000001"), entitySet: "SalesOrderSet")
        _ = try await client.send(HTTPRequest(method: "GET", url: Self.root.appendingPathComponent("SalesOrderSet")))

        let requests = transport.requests
        try #require(requests.count == 4)
        #expect(requests.filter { $0[header: "X-CSRF-Token"] == "Fetch" }.count == 1)
        #expect(requests[2].method == "DELETE")
        #expect(requests[2][header: "X-CSRF-Token"] == "token-1")
        #expect(requests[2][header: "Cookie"] == "\(Self.sessionCookie); sap-usercontext=sap-client=100")
        #expect(requests[3].method == "GET")
        #expect(requests[3][header: "X-CSRF-Token"] == nil)
    }

    @Test func anExpiredTokenIsFetchedAgainOnceAndTheRequestRepeated() async throws {
        let transport = ScriptedTransport(
            tokenResponse("token-1"),
            csrfRequired,
            tokenResponse("token-2"),
            .status(201)
        )
        let response = try await client(transport).send(post())

        #expect(response.statusCode == 201)
        let requests = transport.requests
        try #require(requests.count == 4)
        #expect(requests.map(\.method) == ["GET", "POST", "GET", "POST"])
        #expect(requests[1][header: "X-CSRF-Token"] == "token-1")
        #expect(requests[2][header: "X-CSRF-Token"] == "Fetch")
        #expect(requests[3][header: "X-CSRF-Token"] == "token-2")
    }

    @Test func aSecondRefusalSurfaces() async throws {
        let transport = ScriptedTransport(
            tokenResponse("token-1"),
            csrfRequired,
            tokenResponse("token-2"),
            csrfRequired
        )
        let error = await #expect(throws: ODataServiceError.self) { try await client(transport).send(post()) }

        #expect(error?.statusCode == 403)
        #expect(transport.requests.count == 4)
    }

    @Test func concurrentFirstWritesFetchOnce() async throws {
        let recorded = ScriptedTransport()
        // The token fetch answers after a pause, so that writes started together all find it under way.
        recorded.route("GET", "", tokenResponse("token-1").delayed(by: 0.05))
        recorded.route("POST", "SalesOrderSet", repeatsLast: true, .status(201))
        let client = client(recorded)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await client.send(post()) } }
            try await group.waitForAll()
        }

        let requests = recorded.requests
        #expect(requests.filter { $0.method == "GET" }.count == 1)
        #expect(requests.filter { $0.method == "POST" }.count == 8)
        #expect(requests.filter { $0.method == "POST" }.allSatisfy { $0[header: "X-CSRF-Token"] == "token-1" })
    }

    @Test func cookiesAndTokenNeverGoToAnotherOrigin() async throws {
        let transport = ScriptedTransport(tokenResponse("token-1"), .status(201))
        let client = client(transport)
        _ = try await client.send(post())
        for other in [
            "https://attacker.example.com/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/SalesOrderSet",
            "https://gateway.contoso.com:8443/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/SalesOrderSet",
            "http://gateway.contoso.com/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/SalesOrderSet",
        ] {
            let url = try #require(URL(string: other))
            await #expect(throws: ODataClientError.self) {
                try await client.send(HTTPRequest(method: "POST", url: url))
            }
        }

        #expect(transport.requests.count == 2)
    }

    @Test func cookiesKeepNameAndValueAndALaterResponseReplacesThem() async throws {
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(
                    statusCode: 200,
                    headerFields: [
                        "X-CSRF-Token": "t",
                        "Set-Cookie": "a=1; Expires=Thu, 01 Jan 2027 00:00:00 GMT; Path=/, b=x=y; HttpOnly,c=3",
                    ]
                )
            ),
            .status(204, headers: ["Set-Cookie": "a=2; Path=/"]),
            .status(204)
        )
        let client = client(transport)
        try await client.delete(Entity.self, key: EntityKey("0500000001"), entitySet: "SalesOrderSet")
        try await client.delete(Entity.self, key: EntityKey("0500000002"), entitySet: "SalesOrderSet")

        let requests = transport.requests
        try #require(requests.count == 3)
        #expect(requests[1][header: "Cookie"] == "a=1; b=x=y; c=3")
        #expect(requests[2][header: "Cookie"] == "a=2; b=x=y; c=3")
    }
}

/// `sap-client` and `$batch`.
extension CSRFProtectionTests {
    private func sapClient(_ transport: any HTTPTransport) -> ODataClient {
        var configuration = ODataClient.Configuration.sapGateway(
            serviceRoot: Self.root,
            authentication: NoAuthentication(),
            sapClient: "100",
            sapLanguage: "EN"
        )
        configuration.transport = transport
        configuration.retryPolicy = .none
        return ODataClient(configuration)
    }

    /// A `$batch` answer holding one change set with one `201 Created`.
    private var batchCreated: ScriptedTransport.Reply {
        let body = """
            --batch_5a1b\r
            Content-Type: multipart/mixed; boundary=changeset_9c2d\r
            \r
            --changeset_9c2d\r
            Content-Type: application/http\r
            Content-Transfer-Encoding: binary\r
            \r
            HTTP/1.1 201 Created\r
            Content-Type: application/json\r
            \r
            {"d":{"SalesOrderID":"0500000100"}}\r
            --changeset_9c2d--\r
            --batch_5a1b--\r

            """
        return .response(
            HTTPResponse(
                statusCode: 202,
                headerFields: ["Content-Type": "multipart/mixed; boundary=batch_5a1b"],
                body: Data(body.utf8)
            )
        )
    }

    @Test func everyRequestNamesTheSapClientAndLanguage() async throws {
        let transport = ScriptedTransport(tokenResponse("token-1"), .status(201), .json(#"{"d":{"results":[]}}"#))
        let client = sapClient(transport)
        _ = try await client.send(
            try client.createRequest(Entity(logicalName: "SalesOrder"), entitySet: "SalesOrderSet")
        )
        _ = try await client.retrieveMultiple(Entity.self, query: ODataQuery(top: 1), entitySet: "SalesOrderSet")

        let urls = transport.requests.map(\.url.absoluteString)
        #expect(
            urls == [
                Self.root.absoluteString + "?sap-client=100&sap-language=EN",
                Self.root.absoluteString + "SalesOrderSet?sap-client=100&sap-language=EN",
                Self.root.absoluteString + "SalesOrderSet?$top=1&sap-client=100&sap-language=EN",
            ]
        )
    }

    @Test func aBatchCarriesTheTokenAndAnExpiredOneIsRenewedForTheWholeBatch() async throws {
        let transport = ScriptedTransport(
            tokenResponse("token-1"),
            csrfRequired,
            tokenResponse("token-2"),
            batchCreated
        )
        let client = sapClient(transport)
        let order = Entity(logicalName: "SalesOrder")
        order["CustomerID"] = .string("0100000000")

        let responses = try await client.batch([
            .changeSet([try client.createRequest(order, entitySet: "SalesOrderSet")])
        ])

        #expect(responses.map(\.statusCode) == [201])
        let requests = transport.requests
        try #require(requests.count == 4)
        #expect(requests.map(\.method) == ["GET", "POST", "GET", "POST"])
        #expect(requests[1].url.absoluteString == Self.root.absoluteString + "$batch?sap-client=100&sap-language=EN")
        #expect(requests[1][header: "X-CSRF-Token"] == "token-1")
        #expect(requests[3][header: "X-CSRF-Token"] == "token-2")
        #expect(requests[3][header: "Cookie"] == "\(Self.sessionCookie); sap-usercontext=sap-client=100")
        #expect(requests[3].body == requests[1].body, "the whole batch is sent again")
        #expect(
            requests[3].bodyText
                .contains("POST \(Self.root.absoluteString)SalesOrderSet?sap-client=100&sap-language=EN HTTP/1.1")
        )
        #expect(!requests[3].bodyText.contains("X-CSRF-Token"), "the token goes on the batch, not its parts")
    }
}
