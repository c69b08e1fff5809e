import CRM2011Model
import Foundation
import MobileSdk
import Testing

/// OData v2 CRM 2011: properties of the service's `EntityReference`, `OptionSetValue` and `Money` complex types are
/// the runtime's own value types, as in the Organization service's early-bound classes; other complex types are
/// generated structs.
struct CRM2011ComplexTypeTests {
    @Test func money() throws {
        let amount = try #require(Decimal(string: "1250.50"))
        let account = Account()

        account.revenue = Money(amount)

        #expect(account["Revenue"] == .money(Money(amount)))
        #expect(account.revenue?.value == amount)
    }

    @Test func optionSetValue() {
        let opportunity = Opportunity()
        opportunity.statusCode = OptionSetValue(3)
        #expect(opportunity["StatusCode"] == .optionSetValue(OptionSetValue(3)))
        #expect(opportunity.statusCode?.value == 3)
    }

    @Test func entityReference() {
        let id = UUID()
        let task = CRM2011Model.ServicesTask()

        task.regardingObjectId = EntityReference(logicalName: "systemuser", id: id, name: "Ada")

        #expect(
            task["RegardingObjectId"]
                == .entityReference(EntityReference(logicalName: "systemuser", id: id, name: "Ada"))
        )
        #expect(task.regardingObjectId?.logicalName == "systemuser")
    }

    @Test func theComplexTypesAreStillGeneratedForOtherUses() {
        var reference = CRM2011Model.ServicesEntityReference()
        reference.id = UUID()
        #expect(reference.attributes.keys.sorted() == ["Id"])
        #expect(reference.name == nil)
    }

    @Test func managedProperty() {
        var customizable = BooleanManagedProperty()
        customizable.value = true
        customizable.canBeChanged = false
        let account = Account()
        account.isCustomizable = customizable
        #expect(account.isCustomizable?.value == true)
        #expect(account.isCustomizable?.canBeChanged == false)
    }
}
