import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

@testable import MobileSdkOrganizationService

/// `OrganizationServiceClient.execute` through the client's HTTP layer: the SOAP request as sent, faults thrown typed,
/// service-protection limits waited out.
struct ClientTests {
    static func xml(_ status: Int, _ body: Data) -> ScriptedTransport.Reply {
        .response(
            HTTPResponse(statusCode: status, headerFields: ["Content-Type": "text/xml; charset=utf-8"], body: body)
        )
    }

    static let organization = URL(string: "https://contoso.example.com/Contoso/")!

    /// A client through `transport` whose retries wait on `clock` (a new one unless given), so never for real.
    func client(
        _ transport: ScriptedTransport,
        impersonating: ODataClient.Impersonation? = nil,
        clock: TestClock = TestClock()
    ) -> OrganizationServiceClient {
        OrganizationServiceClient(
            .init(
                serviceRoot: Self.organization,
                authentication: BearerTokenAuthentication { _ in "token-1" },
                transport: transport,
                retryPolicy: clock.retryPolicy(),
                registry: ResponseTests.registry,
                impersonating: impersonating
            )
        )
    }

    @Test func aMessageIsPostedAsSOAPWithTheCredentials() async throws {
        let transport = ScriptedTransport(Self.xml(200, ResponseTests.executeResponse("SetState", "")))
        let caller = UUID()
        let response = try await client(transport, impersonating: .systemUser(caller))
            .execute(
                OrganizationRequest(
                    name: "SetState",
                    parameters: ["State": .attribute(.optionSetValue(OptionSetValue(1)))]
                )
            )
        #expect(response.name == "SetState" && response.results.isEmpty)
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(
            request.url.absoluteString == "https://contoso.example.com/Contoso/XRMServices/2011/Organization.svc/web"
        )
        #expect(
            request[header: "SOAPAction"]
                == #""http://schemas.microsoft.com/xrm/2011/Contracts/Services/IOrganizationService/Execute""#
        )
        #expect(request[header: "Content-Type"] == "text/xml; charset=utf-8")
        #expect(request[header: "Authorization"] == "Bearer token-1")
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        #expect(
            body.contains(
                "<CallerId xmlns=\"http://schemas.microsoft.com/xrm/2011/Contracts\">\(caller.uuidString.lowercased())</CallerId>"
            )
        )
        #expect(body.contains("<a:RequestName>SetState</a:RequestName>"))
    }

    @Test func aFaultIsThrownTyped() async throws {
        let fault = ResponseTests.envelope(
            """
            <s:Fault><faultcode>s:Client</faultcode><faultstring>No</faultstring><detail><OrganizationServiceFault \
            xmlns="http://schemas.microsoft.com/xrm/2011/Contracts"><ErrorCode>-2147220891</ErrorCode><Message>Not \
            allowed</Message></OrganizationServiceFault></detail></s:Fault>
            """
        )
        let transport = ScriptedTransport(Self.xml(500, fault))
        await #expect(
            throws: OrganizationServiceFault(errorCode: -2_147_220_891, message: "Not allowed", faultCode: "s:Client")
        ) { try await client(transport).execute(OrganizationRequest(name: "Delete")) }
    }

    @Test func aServiceProtectionFaultIsWaitedOutThenTheMessageSentAgain() async throws {
        let limit = ResponseTests.envelope(
            """
            <s:Fault><faultcode>s:Client</faultcode><faultstring>Too many</faultstring><detail>\
            <OrganizationServiceFault xmlns="http://schemas.microsoft.com/xrm/2011/Contracts" \
            xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><ErrorCode>-2147015902</ErrorCode><ErrorDetails \
            xmlns:a="http://schemas.datacontract.org/2004/07/System.Collections.Generic"><a:KeyValuePairOfstringanyType>\
            <a:key>Retry-After</a:key><a:value i:type="b:duration" \
            xmlns:b="http://schemas.microsoft.com/2003/10/Serialization/">00:00:02</a:value>\
            </a:KeyValuePairOfstringanyType></ErrorDetails><Message>Too many</Message></OrganizationServiceFault>\
            </detail></s:Fault>
            """
        )
        let transport = ScriptedTransport(
            Self.xml(500, limit),
            Self.xml(200, ResponseTests.executeResponse("WhoAmI", ""))
        )
        let clock = TestClock()
        let response = try await client(transport, clock: clock).execute(OrganizationRequest(name: "WhoAmI"))
        #expect(response.name == "WhoAmI")
        #expect(transport.requests.count == 2)
        #expect(clock.waits == [2])
    }

    @Test func aResponseThatIsNotSOAPIsAnError() async throws {
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "text/html"], body: Data("<html>".utf8))
            )
        )
        await #expect(throws: OrganizationServiceError.self) {
            try await client(transport).execute(OrganizationRequest(name: "WhoAmI"))
        }
    }
}
