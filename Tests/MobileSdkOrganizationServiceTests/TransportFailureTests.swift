import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

@testable import MobileSdkOrganizationService

/// HTTP failures of the SOAP channel are the Web API client's, as the article "Organization service messages" says:
/// an error status without a fault is an `ODataServiceError`, an unreachable host `ODataClientError.unreachable`,
/// an answer that is not SOAP an `OrganizationServiceError`; each with a sentence for an alert.
struct TransportFailureTests {
    @Test func anErrorStatusWithoutAFaultIsTheServiceErrorOfTheWebAPI() async throws {
        // Refused again after the client asked for new credentials.
        let refusal = HTTPResponse(statusCode: 401, headerFields: ["WWW-Authenticate": "Bearer"], body: Data())
        let transport = ScriptedTransport(.response(refusal), .response(refusal))
        let error = await #expect(throws: ODataServiceError.self) {
            try await ClientTests().client(transport).execute(OrganizationRequest(name: "WhoAmI"))
        }
        #expect(error?.reason == .unauthorized)
        #expect(error?.localizedDescription == "The service did not accept the sign-in; sign in again.")
    }

    @Test func anAnswerThatIsNotSOAPIsAnOrganizationServiceError() async throws {
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(statusCode: 200, headerFields: ["Content-Type": "text/html"], body: Data("<html>".utf8))
            )
        )
        let error = await #expect(throws: OrganizationServiceError.self) {
            try await ClientTests().client(transport).execute(OrganizationRequest(name: "WhoAmI"))
        }
        guard case .invalidResponse? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(error?.localizedDescription.hasPrefix("The organization service's response cannot be read") == true)
    }

    @Test func anUnreachableOrganizationFailsAtOnce() async throws {
        // Nothing listens on port 9 (discard) of this machine.
        let clock = TestClock()
        let root = try #require(URL(string: "http://127.0.0.1:9/Contoso/"))
        let service = OrganizationServiceClient(.init(serviceRoot: root, retryPolicy: clock.retryPolicy()))
        let error = await #expect(throws: ODataClientError.self) {
            try await service.execute(OrganizationRequest(name: "WhoAmI"))
        }
        #expect(clock.waits.isEmpty)
        #expect(error?.unreachability == .cannotConnect)
    }
}
