import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Class-level metadata and inheritance: account, contact, opportunity derive from crmbaseentity; task from
/// activitypointer.
struct DataverseEntityTypeTests {
    @Test func accountMetadata() {
        #expect(Account.entityLogicalName == "account")
        #expect(Account.entityQualifiedName == "Microsoft.Dynamics.CRM.account")
        #expect(Account.primaryIdAttribute == "accountid")
        #expect(Account.entitySetName == "accounts")
        #expect(Account.keyAttributes == ["accountid"])
        #expect(Account.alternateKeys == [["accountnumber"]])
        #expect(Account.primaryNameAttribute == "name")
        #expect(Account.objectTypeCode == 1)
        #expect(Account().logicalName == "account")
    }

    @Test func otherEntities() {
        #expect(Contact.primaryNameAttribute == "fullname")
        #expect(Opportunity.entitySetName == "opportunities")
        #expect(PhoneCall.objectTypeCode == 4210)
        #expect(PhoneCall.primaryIdAttribute == "activityid")
        #expect(CrmBaseEntity.entityLogicalName == "crmbaseentity")
        #expect(CrmBaseEntity.primaryIdAttribute == nil)
        #expect(CrmBaseEntity.entitySetName == nil)
    }

    @Test func entitiesDeriveFromCrmBaseEntity() {
        let types: [Entity.Type] = [Account.self, Contact.self, Opportunity.self, ActivityPointer.self]
        #expect(types.allSatisfy { $0 is CrmBaseEntity.Type })
        #expect((DataverseModel.CRMTask.self as Entity.Type) is ActivityPointer.Type)
    }

    @Test func taskExposesActivityAndOwnProperties() {
        let due = Date(timeIntervalSince1970: 1_700_000_000)
        let task = DataverseModel.CRMTask()
        task.subject = "Call back"
        task.scheduledEnd = due
        task.percentComplete = 50
        task.newFollowUpDate = DateOnly(year: 2025, month: 1, day: 31)

        #expect(task.logicalName == "task")
        #expect(task["subject"] == .string("Call back"))
        #expect(task["new_followupdate"] == .date(DateOnly(year: 2025, month: 1, day: 31)))
        let activity: ActivityPointer = task
        #expect(activity.subject == "Call back")
        #expect(activity.scheduledEnd == due)
        #expect(task.changedAttributeNames == ["new_followupdate", "percentcomplete", "scheduledend", "subject"])
    }

    @Test func idUsesTheInheritedPrimaryIdAttribute() {
        let id = UUID()
        let task = DataverseModel.CRMTask()
        task.recordId = id
        #expect(DataverseModel.CRMTask.primaryIdAttribute == "activityid")
        #expect(task.activityId == id)
        #expect(task["activityid"] == .guid(id))

        let account = Account()
        account.accountId = id
        #expect(account.recordId == id)
    }

    @Test func derivedEntityKeyIsInherited() {
        #expect(DataverseModel.CRMTask.keyAttributes == ActivityPointer.keyAttributes)

    }
}
