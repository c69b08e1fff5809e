import CRM2011Model
import DataverseModel
import Foundation
import MobileSdk
import SAPModel
import Testing
import TripPinModel

/// Each model's `GeneratedEntities` registers its classes; the models can share one registry.
struct GeneratedEntitiesTests {
    @Test func dataverseRegistration() throws {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)

        #expect(
            registry.registeredLogicalNames == [
                "account", "activityparty", "activitypointer", "appointment", "contact", "crmbaseentity", "opportunity",
                "phonecall", "task",
            ]
        )
        #expect(registry.type(forLogicalName: "account") == DataverseModel.Account.self)
        #expect(registry.type(forQualifiedName: "Microsoft.Dynamics.CRM.task") == DataverseModel.CRMTask.self)
        #expect(registry.type(forQualifiedName: "Microsoft.Dynamics.CRM.lead") == nil)

        let lateBound = Entity(logicalName: "account")
        lateBound["name"] = .string("Contoso")
        let account = try #require(registry.earlyBound(lateBound) as? DataverseModel.Account)
        #expect(account.name == "Contoso")

        let lead = Entity(logicalName: "lead")
        #expect(registry.earlyBound(lead) === lead)
    }

    @Test func tripPinRegistersIntoTheSharedRegistryByDefault() {
        TripPinModel.GeneratedEntities.register()
        #expect(EntityRegistry.shared.type(forQualifiedName: "Sample.TripPin.Manager") == Manager.self)
        #expect(EntityRegistry.shared.type(forLogicalName: "Person") == Person.self)
    }

    @Test func entityTypesListEveryClass() {
        #expect(TripPinModel.GeneratedEntities.entityTypes.count == 13)
        #expect(
            CRM2011Model.GeneratedEntities.entityTypes.map(\.entityLogicalName) == [
                "Account", "Contact", "Opportunity", "Task",
            ]
        )
        #expect(SAPModel.GeneratedEntities.entityTypes.map(\.entityLogicalName) == ["SalesOrder", "SalesOrderItem"])
    }

    @Test func allModelsShareARegistryWithoutCollisions() {
        let registry = EntityRegistry()
        DataverseModel.GeneratedEntities.register(in: registry)
        TripPinModel.GeneratedEntities.register(in: registry)
        CRM2011Model.GeneratedEntities.register(in: registry)
        SAPModel.GeneratedEntities.register(in: registry)

        let all = [
            DataverseModel.GeneratedEntities.entityTypes, TripPinModel.GeneratedEntities.entityTypes,
            CRM2011Model.GeneratedEntities.entityTypes, SAPModel.GeneratedEntities.entityTypes,
        ]
        .joined()
        #expect(registry.registeredLogicalNames.count == all.count)
        for type in all {
            #expect(registry.type(forLogicalName: type.entityLogicalName) == type)
            #expect(registry.type(forQualifiedName: type.entityQualifiedName ?? "") == type)
        }
        #expect(registry.type(forLogicalName: "Account") == CRM2011Model.Account.self)
        #expect(registry.type(forLogicalName: "account") == DataverseModel.Account.self)
    }
}
