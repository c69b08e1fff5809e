import Foundation
import MobileSdk
import Testing

/// Which of a table's languages a locale shows: its language in its script, in its region when there are several,
/// else the base language.
struct LabelLanguagesTests {
    let languages = LabelLanguages(["en-US", "de-DE", "zh-CN", "zh-TW", "zh-HK", "pt-BR", "pt-PT", "sr-Latn-RS"])

    func shown(_ locale: String) -> String { languages.tags[languages.index(for: Locale(identifier: locale))] }

    @Test func theLocalesLanguageWhateverTheRegion() {
        #expect(shown("de_DE") == "de-DE")
        #expect(shown("de_AT") == "de-DE")
        #expect(shown("de") == "de-DE")
    }

    @Test func theBaseLanguageWhenTheTableHasNoneInTheLocalesLanguage() {
        #expect(shown("fr_FR") == "en-US")
        #expect(shown("en_GB") == "en-US")
        #expect(LabelLanguages(["de-DE", "en-US"]).index(for: Locale(identifier: "it_IT")) == 0)
    }

    @Test func theScriptDecidesBetweenChineseTablesThenTheRegion() {
        #expect(shown("zh_SG") == "zh-CN")
        #expect(shown("zh-Hans") == "zh-CN")
        #expect(shown("zh_TW") == "zh-TW")
        #expect(shown("zh_HK") == "zh-HK")
        #expect(shown("zh-Hant_MO") == "zh-TW")
    }

    @Test func theRegionDecidesBetweenTablesOfOneLanguage() {
        #expect(shown("pt_PT") == "pt-PT")
        #expect(shown("pt_BR") == "pt-BR")
        #expect(shown("pt_AO") == "pt-BR")
        #expect(shown("sr-Latn") == "sr-Latn-RS")
    }
}
