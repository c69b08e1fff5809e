import DataverseModel
import MobileSdk
import Testing

/// Generated option-set enums stored as `.optionSetValue`, keeping values the metadata did not list.
struct DataverseOptionSetTests {
    @Test func roundTripThroughTheEntity() {
        let account = Account()
        account.industryCode = .logistics

        #expect(account["industrycode"] == .optionSetValue(OptionSetValue(2)))
        #expect(account.industryCode == .logistics)
        #expect(account.industryCode?.label == "Logistics")
    }

    @Test func unknownValueSurvivesReadAndWrite() {
        let account = Account()
        account["industrycode"] = .optionSetValue(OptionSetValue(999))

        let read = account.industryCode
        #expect(read == .unknown(999))
        #expect(read?.label == nil)

        account.removeAttribute("industrycode")
        account.industryCode = read
        #expect(account["industrycode"] == .optionSetValue(OptionSetValue(999)))
        #expect(AccountIndustryCode(rawValue: 999) == .unknown(999))
        #expect(AccountIndustryCode.unknown(999).rawValue == 999)
    }

    @Test func plainInt32ReadsAsAnOption() {
        let account = Account()
        account["industrycode"] = .int32(3)
        #expect(account.industryCode == .government)
    }

    @Test func rawValuesAndLabels() {
        #expect(CustomerTier(rawValue: 100_000_002) == .strategic)
        #expect(CustomerTier.preferred.rawValue == 100_000_001)
        #expect(CustomerTier.standard.label == "Standard")
        #expect(AccountNewServiceChannels.onSiteVisit.label == "On-site Visit")
        #expect(ContactPreferredContactMethodCode.any.rawValue == 1)
        // `open` is a keyword; the case is escaped but reads normally.
        #expect(OpportunityStateCode.open.rawValue == 0)
        #expect(OpportunityStateCode(rawValue: 0).label == "Open")
    }

    @Test func globalOptionSetIsSharedByEntities() {
        let account = Account()
        let contact = Contact()
        let tier: CustomerTier = .preferred
        account.newCustomerTier = tier
        contact.newCustomerTier = tier
        #expect(account["new_customertier"] == contact["new_customertier"])
    }

    @Test func stateAndStatusAreDistinctEnums() {
        let opportunity = Opportunity()
        opportunity.stateCode = .won
        opportunity.statusCode = .won
        #expect(opportunity["statecode"] == .optionSetValue(OptionSetValue(1)))
        #expect(opportunity["statuscode"] == .optionSetValue(OptionSetValue(3)))

        let account = Account()
        account.stateCode = .inactive
        #expect(account.stateCode?.label == "Inactive")
    }

    @Test func optionSetsListTheirOptionsForPickers() {
        // `allCases` comes from the one table of values and labels; values the metadata did not list are not cases.
        #expect(AccountIndustryCode.allCases == [.manufacturing, .logistics, .government, .software])
        #expect(
            AccountIndustryCode.allCases.map(\.rawValue)
                == AccountIndustryCode.allCases.map { AccountIndustryCode(rawValue: $0.rawValue).rawValue }
        )
        #expect(AccountIndustryCode.allCases.allSatisfy { $0.label != nil })
        #expect(AccountIndustryCode.unknown(7).label == nil)
    }
}
