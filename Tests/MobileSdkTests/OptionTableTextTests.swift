import Foundation
@_spi(Generated) @testable import MobileSdk
import Testing

/// The option tables generated code writes as text: values and labels read back in every language, one label per
/// option without a languages line, and what cannot be read left out rather than misplaced.
struct OptionTableTextTests {
    enum Kind: OptionSetEnumeration {
        case first, second, third
        case unknown(Int32)
        static let options = OptionTable<Kind>(
            text: """
                version 1
                languages en-US|de-DE|fr-FR
                1: First|Erste|Premier
                -2: Second||Deuxième
                100000000: Third, a label long enough to go on a continuation line, as the gene
                    rator writes it|Dritte%7Cmit Trennzeichen|%
                """,
            cases: [.first, .second, .third]
        )
    }

    @Test func readsValuesAndLabelsInEachLanguage() {
        let german = Locale(identifier: "de_DE")
        let french = Locale(identifier: "fr_FR")
        #expect(Kind.allCases == [.first, .second, .third])
        #expect([Kind.first, .second, .third].map(\.rawValue) == [1, -2, 100_000_000])
        #expect(Kind(rawValue: -2) == .second)
        #expect(Kind(rawValue: 7) == .unknown(7))
        #expect(Kind.options.labelLanguages == ["en-US", "de-DE", "fr-FR"])
        #expect(Kind.first.label(in: german) == "Erste")
        // No label of its own in German: the base language's shows.
        #expect(Kind.second.label(in: german) == "Second")
        #expect(Kind.second.label(in: french) == "Deuxième")
        #expect(Kind.third.label(in: french) == "")
        #expect(Kind.third.label(in: german) == "Dritte|mit Trennzeichen")
        let english = "Third, a label long enough to go on a continuation line, as the generator writes it"
        #expect(Kind.options.label(of: .third) == english)
    }

    /// Without a languages line each option has one label, in the language the metadata was read in.
    @Test func oneLabelPerOptionWithoutLanguages() {
        let table = OptionTable<Kind>(text: "version 1\n1: First\n2:\n3: Third %25", cases: [.first, .second, .third])
        #expect(table.labelLanguages.isEmpty)
        #expect(table.option(withValue: 2) == .second)
        #expect(table.label(of: .first) == "First")
        #expect(table.label(of: .second) == nil)
        #expect(table.label(of: .third) == "Third %")
    }

    /// A line that does not read leaves its case out, as a value the metadata did not list, and the cases after it
    /// keep their own lines; a version this runtime does not read gives no options at all.
    @Test func whatCannotBeReadIsLeftOut() {
        let table = OptionTable<Kind>(
            text: "version 1\n1: First\nsecond: Second\n3: Third %ZZ broken\n4: Fourth",
            cases: [.first, .second, .third]
        )
        #expect(table.cases == [.first])
        #expect(table.value(of: .second) == nil && table.option(withValue: 3) == nil)
        let later = OptionTable<Kind>(text: "version 2\n1: First", cases: [.first])
        #expect(later.cases.isEmpty)
        let none = OptionTable<Kind>(text: "1: First", cases: [.first])
        #expect(none.cases.isEmpty)
    }
}
