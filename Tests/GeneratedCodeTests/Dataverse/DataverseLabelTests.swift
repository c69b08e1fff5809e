import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Labels and display names in each language the sample's entity metadata carries (English, its base language, and
/// German), picked by locale.
struct DataverseLabelTests {
    let german = Locale(identifier: "de_DE")
    let english = Locale(identifier: "en_US")
    let french = Locale(identifier: "fr_FR")

    @Test func optionLabelsFollowTheLocaleWithTheBaseLanguageAsFallback() {
        #expect(AccountIndustryCode.government.label(in: german) == "Öffentlicher Sektor")
        #expect(AccountIndustryCode.government.label(in: english) == "Public Sector")
        #expect(AccountIndustryCode.government.label(in: french) == "Public Sector")
        // The same word in both languages: written once, shown in either.
        #expect(AccountIndustryCode.software.label(in: german) == "Software")
        #expect(AccountIndustryCode.unknown(99).label(in: german) == nil)
        #expect(AccountIndustryCode.options.labelLanguages == ["en-US", "de-DE"])
        #expect(
            CustomerTier.strategic.label(in: Locale(identifier: "de_CH")) != CustomerTier.strategic.label(in: english)
        )
    }

    @Test func displayNamesOfColumnsAndTables() {
        #expect(Account.displayName(of: \.revenue, in: german) == "Jahresumsatz")
        #expect(Account.displayName(of: \.revenue, in: english) == "Annual Revenue")
        #expect(Account.displayName(of: \.revenue, in: french) == "Annual Revenue")
        #expect(Account.displayName(in: german) == "Firma")
        #expect(Account.displayCollectionName(in: german) == "Firmen")
        #expect(Account.displayCollectionName(in: english) == "Accounts")
        // A column without a German name shows its English one.
        #expect(Account.displayName(of: \.stateCode, in: german) == "Status")
    }

    @Test func aDerivedClassNamesInheritedColumnsAndItselfNotItsBase() {
        #expect(DataverseModel.CRMTask.displayName(of: \.subject, in: german) == "Betreff")
        #expect(DataverseModel.CRMTask.displayName(of: \.percentComplete, in: german) == "Prozent erledigt")
        #expect(DataverseModel.CRMTask.displayName(in: german) == "Aufgabe")
        #expect(ActivityPointer.displayName(in: german) == "Aktivität")
        #expect(CrmBaseEntity.displayName() == nil)
        // Navigation properties have no display name.
        #expect(DataverseModel.CRMTask.displayName(of: \.regardingContact) == nil)
    }
}
