import DataverseModel
import MobileSdk
import Testing

/// A multi-select option set (`new_servicechannels`) as an array of a generated option-set enum.
struct DataverseMultiSelectOptionSetTests {
    @Test func readsOptionSetValuesIncludingUnknown() {
        let account = Account()
        account["new_servicechannels"] = .optionSetValues([OptionSetValue(100_000_001), OptionSetValue(555)])
        #expect(account.newServiceChannels == [.phoneSupport, .unknown(555)])
        #expect(account.newServiceChannels?.map(\.label) == ["Phone Support", nil])
    }

    @Test func setAndReadBack() {
        let account = Account()
        account.newServiceChannels = [.portal, .onSiteVisit]
        #expect(account.newServiceChannels == [.portal, .onSiteVisit])
        #expect(account.changedAttributeNames == ["new_servicechannels"])

        account.newServiceChannels = []
        #expect(account.newServiceChannels == [])

        account.newServiceChannels = nil
        #expect(account["new_servicechannels"] == .null)
        #expect(account.newServiceChannels == nil)
    }

    @Test func writingBackALoadedValueKeepsItsForm() {
        let loaded: AttributeValue = .optionSetValues([OptionSetValue(100_000_000), OptionSetValue(100_000_002)])
        let account = Account()
        account["new_servicechannels"] = loaded

        account.newServiceChannels = account.newServiceChannels

        // The setter keeps the form the service sends.
        #expect(account["new_servicechannels"] == loaded)

    }
}
