import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// Late-bound reads: an entity without a generated class, read as `Entity` with its entity set and logical name.
struct DataverseLateBoundTests {
    @Test func readsAnEntityWithoutAClass() async throws {
        let transport = ScriptedTransport(.payload("dataverse-project-latebound"))
        let client = TestClients.dataverse(transport)
        let project = try await client.retrieve(
            Entity.self,
            key: .id(IDs.project),
            entitySet: "new_projects",
            logicalName: "new_project"
        )

        #expect(type(of: project) == Entity.self)
        #expect(
            transport.requests.first?.url.absoluteString
                == "https://contoso.crm.dynamics.com/api/data/v9.2/new_projects(f4d7a5e3-6b8c-4f90-b1c2-3d4e5f607182)"
        )
        #expect(project.logicalName == "new_project")
        #expect(project["new_name"] == .string("Roastery refit"))
        #expect(project["new_isbillable"] == .boolean(true))
        #expect(project["new_phase"] == .int32(100_000_001))
        #expect(project.formattedValues["new_phase"] == "Planning")
        #expect(project.formattedValues["new_budget"] == "$48,500.00")
        #expect(project["new_account"] == nil)
        #expect(
            project["new_accountid"]
                == .entityReference(EntityReference(logicalName: "account", id: IDs.account, name: "Fourth Coffee"))
        )
        #expect(project.eTag == "W/\"5120017\"")
        #expect(project.changedAttributeNames.isEmpty)
    }

    @Test func aLateBoundReadNeedsItsEntitySet() async throws {
        let transport = ScriptedTransport()
        let client = TestClients.dataverse(transport)
        let error = await #expect(throws: ODataClientError.self) {
            try await client.retrieve(Entity.self, key: .id(IDs.project))
        }
        guard case .unaddressable? = error else {
            Issue.record("expected unaddressable, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty)
    }
}
