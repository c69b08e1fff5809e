import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Computed and immutable attributes are generated without a setter but still read stored values.
struct DataverseReadOnlyPropertyTests {
    @Test func readOnlyAttributesHaveNoSetter() {
        #expect(!isWritable(\Account.createdOn))
        #expect(!isWritable(\Contact.fullName))
        #expect(!isWritable(\Opportunity.versionNumber))
        #expect(!isWritable(\ActivityPointer.activityTypeCode))
        #expect(!isWritable(\ActivityPointer.createdOn))
    }

    @Test func otherAttributesHaveASetter() {
        #expect(isWritable(\Account.name))
        #expect(isWritable(\Account.stateCode))
        #expect(isWritable(\Contact.birthDate))
        #expect(isWritable(\Opportunity.estimatedValue))
    }

    @Test func readOnlyAttributesReadStoredValues() throws {
        let created = Date(timeIntervalSince1970: 1_600_000_000)
        let entity = Entity(logicalName: "contact")
        entity["fullname"] = .string("Ada Lovelace")
        let contact = try entity.toEntity(Contact.self)
        #expect(contact.fullName == "Ada Lovelace")

        let account = Account()
        account["createdon"] = .dateTimeOffset(created)
        #expect(account.createdOn == created)
    }
}
