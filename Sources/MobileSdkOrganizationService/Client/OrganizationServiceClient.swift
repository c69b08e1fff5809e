import Foundation
import MobileSdk
import MobileSdkClient

/// Sends organization-service messages (`Execute`) over SOAP to `XRMServices/2011/Organization.svc/web` — for Dynamics
/// CRM 2011–2016 servers, whose OData endpoint does create, read, update and delete only. Credentials, retries,
/// middleware and the transport are an `ODataClient`'s, configured as for the OData endpoint:
///
///     let service = OrganizationServiceClient(.init(serviceRoot: organization, authentication: token))
///     try await service.execute(SetStateRequest(EntityReference(Account.self, id: id), state: 1, status: 2))
///
/// A service-protection fault is waited out as the retry policy allows, like a 429 of the Web API; other faults are
/// thrown as ``OrganizationServiceFault``s. HTTP failures are the Web API client's: `ODataServiceError` for an error
/// status without a fault, `ODataClientError` for a redirect or an unreachable host; an answer that is not SOAP is an
/// ``OrganizationServiceError``.
public final class OrganizationServiceClient: Sendable {
    /// The HTTP layer: the organization's root URL is its service root.
    public let client: ODataClient

    /// The client of the organization at `configuration`'s service root (`https://contoso.crm.dynamics.com/` or an
    /// on-premises `https://server/Contoso/`); its impersonation runs messages as that user (`CallerId`).
    public init(_ configuration: ODataClient.Configuration) { client = ODataClient(configuration) }

    /// The SOAP endpoint under the organization's root.
    public var endpoint: URL {
        client.configuration.serviceRoot.appendingPathComponent("XRMServices/2011/Organization.svc/web")
    }

    /// Sends a typed message and reads its response.
    @discardableResult nonisolated(nonsending) public func execute<Message: OrganizationMessage>(_ message: Message)
        async throws -> Message.Response
    { try Message.response(from: try await execute(message.request)) }

    /// Sends a message by name and parameters; its results are read with the generated classes of the client's
    /// registry.
    @discardableResult nonisolated(nonsending) public func execute(_ request: OrganizationRequest) async throws
        -> OrganizationResponse
    {
        if case .entraObjectID? = client.configuration.impersonating {
            throw OrganizationServiceError.unsupportedValue(
                "impersonation by Entra object id (the SOAP endpoint takes a systemuserid: Impersonation.systemUser)"
            )
        }
        let body = try SOAPEnvelope.execute(request, callerId: callerId)
        var http = HTTPRequest(method: "POST", url: endpoint, body: body)
        http[header: "Content-Type"] = "text/xml; charset=utf-8"
        // SOAP 1.1 quotes the action (its section 6.1.1), as the .NET client sends it.
        http[header: "SOAPAction"] = "\"" + XMLNamespaces.executeAction + "\""
        http[header: "Accept"] = "text/xml"
        let policy = client.configuration.retryPolicy
        var attempt = 0
        while true {
            let response = try await client.send(http, answering: Self.isFault)
            switch try SOAPEnvelope.answer(response.body, registry: client.configuration.registry) {
            case .response(let answer): return answer
            case .fault(let fault):
                // A service-protection limit is a throttled answer: retried after the wait it names.
                guard fault.isServiceProtectionLimit,
                    let delay = policy.throttling.delay(asked: fault.retryAfter, attempt: attempt)
                else { throw fault }
                try await policy.sleep(delay)
                attempt += 1
            }
        }
    }

    /// The user messages run as: the configuration's impersonation by `systemuserid`, which is what `CallerId` takes.
    private var callerId: UUID? {
        if case .systemUser(let id)? = client.configuration.impersonating { return id }
        return nil
    }

    /// A SOAP fault: status 500 with an XML body.
    @Sendable private static func isFault(_ response: HTTPResponse) -> Bool {
        response.statusCode == 500 && (response[header: "Content-Type"] ?? "").lowercased().contains("xml")
    }
}
