import CRM2011Model
import Foundation
import MobileSdk
import Testing

/// CRM 2011 `OrganizationData.svc` (OData v2 verbose JSON) responses decoded into the generated classes.
struct CRM2011JSONTests {
    func decoder() -> ODataJSONDecoder {
        let registry = EntityRegistry()
        CRM2011Model.GeneratedEntities.register(in: registry)
        return ODataJSONDecoder(version: .v2, registry: registry)
    }

    let accountID = "5a6e1f28-8d9f-e011-9c4d-00155d2a3b01"
    let ownerID = "1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901"

    var accountJSON: String {
        #"""
        {"__metadata": {"uri": "https://crm/XRMServices/2011/OrganizationData.svc/AccountSet(guid'\#(accountID)')",
                        "type": "Microsoft.Crm.Sdk.Data.Services.Account"},
         "AccountId": "\#(accountID)", "Name": "Adventure Works", "AccountNumber": "AW-1",
         "Revenue": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.Money"}, "Value": "1250000.5000"},
         "IndustryCode": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.OptionSetValue"}, "Value": 7},
         "OwnerId": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.EntityReference"}, "Id": "\#(ownerID)", "LogicalName": "systemuser", "Name": "Dan Park"},
         "ParentAccountId": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.EntityReference"}, "Id": null, "LogicalName": null, "Name": null},
         "CreatedOn": "\/Date(1306317600000)\/", "EntityImage": null,
         "IsCustomizable": {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.BooleanManagedProperty"}, "Value": true, "CanBeChanged": false,
                            "ManagedPropertyLogicalName": "iscustomizable"},
         "contact_customer_accounts": {"__deferred": {"uri": "https://crm/AccountSet(guid'\#(accountID)')/contact_customer_accounts"}},
         "Account_Tasks": {"results": [{"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.Task"}, "Subject": "Call", "PercentComplete": 50}]}}
        """#
    }

    @Test func accountWithMoneyOptionSetAndReferences() throws {
        let account = try decoder().decodeEntity(Account.self, from: Data("{\"d\": \(accountJSON)}".utf8))
        #expect(account.accountId == UUID(uuidString: accountID))
        #expect(account.name == "Adventure Works")
        #expect(account.revenue == Money(Decimal(string: "1250000.5")!))
        #expect(account.industryCode == OptionSetValue(7))
        #expect(
            account.ownerId
                == EntityReference(logicalName: "systemuser", id: UUID(uuidString: ownerID)!, name: "Dan Park")
        )
        #expect(account.parentAccountId == nil)
        #expect(account.contains("ParentAccountId"))
        #expect(account.createdOn == Date(timeIntervalSince1970: 1_306_317_600))
        #expect(account.entityImage == nil)
        #expect(account.isCustomizable?.value == true)
        #expect(account.isCustomizable?.canBeChanged == false)
        #expect(account.contactCustomerAccounts == nil)
        #expect(account.accountTasks?.first?.subject == "Call")
        #expect(account.accountTasks?.first?.percentComplete == 50)
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func accountSetPage() throws {
        let page = try decoder()
            .decodeCollection(
                Account.self,
                from: Data(
                    #"""
                    {"d": {"results": [\#(accountJSON)], "__count": "1", "__next": "https://crm/OrganizationData.svc/AccountSet?$skiptoken=1"}}
                    """#
                    .utf8
                )
            )
        #expect((page.entities.first as? Account)?.name == "Adventure Works")
        #expect(page.totalRecordCount == 1)
        #expect(page.moreRecords)
    }

    @Test func createBodyRoundTrips() throws {
        let account = Account()
        account.name = "New"
        account.revenue = Money(Decimal(string: "10.5")!)
        account.industryCode = OptionSetValue(3)
        account.ownerId = EntityReference(logicalName: "systemuser", id: UUID(uuidString: ownerID)!)
        account.createdOn = Date(timeIntervalSince1970: 1_306_317_600)
        let body = try ODataJSONEncoder(version: .v2).encodeForCreate(account)
        #expect(
            String(decoding: body, as: UTF8.self)
                == #"{"CreatedOn":"/Date(1306317600000)/","IndustryCode":{"Value":3},"Name":"New","#
                + #""OwnerId":{"Id":"\#(ownerID)","LogicalName":"systemuser"},"Revenue":{"Value":"10.5"}}"#
        )
        let decoded = try decoder().decodeEntity(Account.self, from: Data("{\"d\":".utf8) + body + Data("}".utf8))
        #expect(decoded.attributes == account.attributes)
    }
}
