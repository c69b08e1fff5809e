import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// An entity passed to an action carries its own `@odata.type`, from its logical name, not its Swift class's. The
/// request is the `WinOpportunity` example of "Use Web API actions".
struct EntityParameterTypeTests {
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"

    private func dataverse(_ transport: ScriptedTransport, registry: EntityRegistry = TestClients.dataverseRegistry)
        -> ODataClient
    {
        var configuration = ODataClient.Configuration.dataverse(
            serviceRoot: TestClients.dataverseRoot,
            authentication: NoAuthentication()
        )
        configuration.transport = transport
        configuration.registry = registry
        return ODataClient(configuration)
    }

    /// The `opportunityclose` of the example, in an instance of `close`'s class.
    private func opportunityClose<T: Entity>(_ close: T) -> T {
        close.setValue("Won Opportunity", for: "subject")
        close.setValue(EntityReference(logicalName: "opportunity", id: IDs.project), for: "opportunityid")
        return close
    }

    private func expectedBody(_ typeName: String) -> String {
        ##"{"OpportunityClose":{"@odata.type":"#\##(typeName)","opportunityid@odata.bind":"/opportunities(\##(IDs.project.uuidString.lowercased()))","subject":"Won Opportunity"},"Status":3}"##
    }

    @Test func aCrmBaseEntityInstanceIsSentAsItsLogicalName() async throws {
        let transport = ScriptedTransport(.status(204))
        try await dataverse(transport)
            .invoke(
                WinOpportunityRequest(
                    opportunityClose: opportunityClose(CrmBaseEntity(logicalName: "opportunityclose")),
                    status: .won
                )
            )

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == root + "WinOpportunity")
        #expect(request.bodyText == expectedBody("Microsoft.Dynamics.CRM.opportunityclose"))
    }

    @Test func aLateBoundEntityIsTypedInTheDataverseNamespace() async throws {
        let transport = ScriptedTransport(.status(204))
        try await dataverse(transport)
            .invoke(CustomAction(close: opportunityClose(Entity(logicalName: "opportunityclose"))))
        #expect(transport.requests.first?.bodyText == expectedBody("Microsoft.Dynamics.CRM.opportunityclose"))
    }

    @Test func aRegisteredClassGivesItsQualifiedName() async throws {
        let transport = ScriptedTransport(.status(204))
        let account = Entity(logicalName: "account", id: IDs.account)
        try await dataverse(transport).invoke(CustomAction(close: account))
        #expect(
            transport.requests.first?.bodyText
                .hasPrefix(##"{"OpportunityClose":{"@odata.type":"#Microsoft.Dynamics.CRM.account""##) == true
        )
    }

    @Test func withoutANamespaceALateBoundEntityIsSentUntyped() async throws {
        let transport = ScriptedTransport(.status(204))
        let client = ODataClient(
            .init(serviceRoot: TestClients.dataverseRoot, transport: transport, registry: EntityRegistry())
        )
        let close = Entity(logicalName: "opportunityclose")
        close.setValue("Won Opportunity", for: "subject")
        try await client.invoke(CustomAction(close: close))
        #expect(transport.requests.first?.bodyText.contains("@odata.type") == false)
    }

    @Test func theTypeNameIsEscapedAsJSON() async throws {
        let transport = ScriptedTransport(.status(204))
        try await dataverse(transport).invoke(CustomAction(close: Entity(logicalName: #"a"b"#)))
        let body = try #require(transport.requests.first?.bodyObject["OpportunityClose"] as? [String: Any])
        #expect(body["@odata.type"] as? String == ##"#Microsoft.Dynamics.CRM.a"b"##)
    }
}

/// `WinOpportunity` taking any entity, as an app would declare an action of its own.
private struct CustomAction: ODataOperation {
    typealias Response = Void
    let call: OperationCall

    init(close: Entity) {
        call = OperationCall(action: "WinOpportunity", .entity("OpportunityClose", close), .typed("Status", Int32(3)))
    }
}
