import CRM2011Model
import Foundation
import MobileSdk
import Testing

/// OData v2 CRM 2011: `EntityReference`, `OptionSetValue` and `Money` are generated complex-type structs
/// (stored as `.complex`), not the runtime types of the same names, so they are qualified here.
struct CRM2011ComplexTypeTests {
    @Test func money() throws {
        let amount = try #require(Decimal(string: "1250.50"))
        var revenue = CRM2011Model.ServicesMoney()
        revenue.value = amount
        let account = Account()

        account.revenue = revenue

        #expect(account["Revenue"] == .complex(["Value": .decimal(amount)]))
        #expect(account.revenue?.value == amount)

        // The runtime's money value is another kind and does not read as the generated struct.
        account["Revenue"] = .money(MobileSdk.Money(amount))
        #expect(account.revenue == nil)
    }

    @Test func optionSetValue() {
        var code = CRM2011Model.ServicesOptionSetValue()
        code.value = 3
        let opportunity = Opportunity()
        opportunity.statusCode = code
        #expect(opportunity["StatusCode"] == .complex(["Value": .int32(3)]))
        #expect(opportunity.statusCode?.value == 3)
    }

    @Test func entityReference() {
        let id = UUID()
        var owner = CRM2011Model.ServicesEntityReference()
        owner.id = id
        owner.logicalName = "systemuser"
        owner.name = "Ada"
        let task = CRM2011Model.ServicesTask()

        task.regardingObjectId = owner

        #expect(task["RegardingObjectId"] == .complex([
            "Id": .guid(id), "LogicalName": .string("systemuser"), "Name": .string("Ada"),
        ]))
        #expect(task.regardingObjectId?.logicalName == "systemuser")

        owner.name = nil
        #expect(owner.attributes["Name"] == .null)
        #expect(owner.attributes.count == 3)
    }

    @Test func unsetPropertiesAreAbsentFromTheStruct() {
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
