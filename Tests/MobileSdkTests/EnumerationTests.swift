import Foundation
import MobileSdk
import Testing

/// Option sets, CSDL enumerations and flags.
struct EnumerationTests {
    @Test func optionSetRoundTrip() {
        let account = Account()
        account.industryCode = .agriculture
        #expect(account["industrycode"] == .optionSetValue(OptionSetValue(2)))
        #expect(account.industryCode == .agriculture)
        #expect(account.industryCode?.label == "Agriculture")

        account["industrycode"] = .int32(1)
        #expect(account.industryCode == .accounting)
        account["industrycode"] = .string("1")
        #expect(account.industryCode == nil)
    }

    @Test func unknownOptionIsKept() {
        let account = Account()
        account["industrycode"] = .optionSetValue(OptionSetValue(999))
        let code = account.industryCode
        #expect(code == .unknown(999))
        #expect(code?.rawValue == 999)
        #expect(code?.label == nil)

        let copy = Account()
        copy.industryCode = code
        #expect(copy["industrycode"] == .optionSetValue(OptionSetValue(999)))
    }

    @Test func csdlEnumeration() {
        #expect(PersonGender.female.attributeValue == .enumMember("Female"))
        #expect(PersonGender(attributeValue: .enumMember("Male")) == .male)
        #expect(PersonGender(attributeValue: .string("Unknown")) == .unknown)
        #expect(PersonGender(attributeValue: .enumMember("male")) == nil)
        #expect(PersonGender(attributeValue: .int32(0)) == nil)
    }

    @Test func flagsRoundTrip() {
        let features: Feature = [.wifi, .powerOutlet]
        #expect(features.attributeValue == .enumMember("Wifi,PowerOutlet"))
        #expect(Feature(attributeValue: .enumMember("Wifi,PowerOutlet")) == features)
        #expect(Feature(attributeValue: .enumMember("PowerOutlet, Wifi")) == features)

        var attributes: [String: AttributeValue] = [:]
        attributes.set(Feature.tv, for: "Features")
        #expect(attributes["Features"] == .enumMember("TV"))
        #expect(attributes.value("Features", as: Feature.self) == .tv)
    }

    @Test func flagsEdgeCases() {
        #expect(Feature.none.attributeValue == .enumMember("None"))
        #expect(Feature(rawValue: 1 | 8).attributeValue == .enumMember("Wifi,8"))
        #expect(Feature(attributeValue: .enumMember("Wifi,8")) == Feature(rawValue: 9))
        #expect(Feature(attributeValue: .enumMember("5")) == [.wifi, .tv])
        #expect(Feature(attributeValue: .string("TV")) == .tv)
        #expect(Feature(attributeValue: .enumMember("Wifi,Bogus")) == nil)
        #expect(Feature(attributeValue: .enumMember("")) == nil)
        #expect(Feature(attributeValue: .int64(1)) == nil)
    }
}
