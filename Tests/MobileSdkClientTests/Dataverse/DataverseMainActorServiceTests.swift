import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// A view model holding the entity it passes: main-actor state, not a value the caller could give away.
@MainActor private final class OpportunityModel {
    let opportunity = Opportunity(id: UUID())
    let service: SystemService

    init(service: SystemService) { self.service = service }

    func win() async throws { try await service.winOpportunity(opportunityClose: opportunity, status: .won) }
}

/// Generated service operations run on the caller's actor: a `@MainActor` view model passes them an entity it holds
/// (this does not compile when they run on the shared executor: "sending 'self.opportunity' risks causing data races").
@MainActor struct DataverseMainActorServiceTests {
    @Test func aMainActorCallerPassesAnEntityItHoldsToAnOperation() async throws {
        let transport = ScriptedTransport(.status(204))
        let model = OpportunityModel(service: SystemService(client: TestClients.dataverse(transport)))
        model.opportunity.name = "Analytical engine"
        try await model.win()
        model.opportunity.name = "Difference engine"

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path.hasSuffix("/WinOpportunity"))
        let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(body["Status"] as? Int == 3)
        #expect((body["OpportunityClose"] as? [String: Any])?["name"] as? String == "Analytical engine")
    }
}
