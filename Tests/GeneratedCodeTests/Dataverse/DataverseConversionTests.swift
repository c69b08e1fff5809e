import DataverseModel
import Foundation
import MobileSdk
import Testing

/// A late-bound `Entity` converted to a generated class with `toEntity`.
struct DataverseConversionTests {
    @Test func lateBoundAccountReadsThroughTypedProperties() throws {
        let id = UUID()
        let entity = Entity(logicalName: "account", id: id)
        entity["name"] = .string("Contoso")
        entity["revenue"] = .money(Money(1_000_000))
        entity["industrycode"] = .optionSetValue(OptionSetValue(4))
        entity.acceptChanges()
        entity["numberofemployees"] = .int32(12)
        entity.formattedValues["industrycode"] = "Software"

        let account = try entity.toEntity(Account.self)

        #expect(account.logicalName == "account")
        #expect(account.recordId == id)
        #expect(account.name == "Contoso")
        #expect(account.revenue == Money(1_000_000))
        #expect(account.industryCode == .software)
        #expect(account.numberOfEmployees == 12)
        #expect(account.formattedValues["industrycode"] == "Software")
        #expect(account.changedAttributeNames == ["numberofemployees"])
    }

    @Test func conversionCopiesRatherThanShares() throws {
        let entity = Entity(logicalName: "contact")
        entity["emailaddress1"] = .string("ada@example.com")
        let contact = try entity.toEntity(Contact.self)

        contact.eMailAddress1 = "grace@example.com"

        #expect(entity["emailaddress1"] == .string("ada@example.com"))
    }

    @Test func mismatchedLogicalNameThrows() {
        let entity = Entity(logicalName: "contact")
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "account", actual: "contact")) {
            try entity.toEntity(Account.self)
        }
    }

    @Test func aBaseClassDoesNotAcceptADerivedEntity() {
        // Conversion is by exact logical name: an "account" is not converted to its base class.
        let entity = Entity(logicalName: "account")
        #expect(throws: EntityConversionError.logicalNameMismatch(expected: "crmbaseentity", actual: "account")) {
            try entity.toEntity(CrmBaseEntity.self)
        }
    }

    @Test func earlyBoundBackToLateBound() throws {
        let account = Account()
        account.name = "Contoso"
        let entity = try account.toEntity(Entity.self)
        #expect(type(of: entity) == Entity.self)
        #expect(entity.logicalName == "account")
        #expect(entity["name"] == .string("Contoso"))
    }
}
