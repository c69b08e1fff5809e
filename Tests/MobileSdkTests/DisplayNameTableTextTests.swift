import Foundation
@_spi(Generated) @testable import MobileSdk
import Testing

/// The display-name tables generated code writes as text: every name reads back exactly, lines that do not read are
/// skipped, and a class's table is read once.
struct DisplayNameTableTextTests {
    @Test func readsLanguagesTableNamesAndColumns() throws {
        let table = try #require(
            DisplayNameTable(
                text: """
                    version 1
                    languages en-US|de-DE|fr-FR
                    entity Account|Firma|Compte
                    collection Accounts|Firmen
                    revenue: Annual Revenue|Jahresumsatz|Chiffre d'affaires annuel
                    statecode: Status||Statut
                    name: Account Name
                    """
            )
        )
        #expect(table.languages.tags == ["en-US", "de-DE", "fr-FR"])
        #expect(table.entity == ["Account", "Firma", "Compte"])
        // Names left out at the end of a line are missing in those languages.
        #expect(table.collection == ["Accounts", "Firmen", nil])
        #expect(table.columns["revenue"] == ["Annual Revenue", "Jahresumsatz", "Chiffre d'affaires annuel"])
        #expect(table.columns["statecode"] == ["Status", nil, "Statut"])
        #expect(table.columns["name"] == ["Account Name", nil, nil])
        #expect(table.text(table.columns["statecode"] ?? [], in: Locale(identifier: "de_DE")) == "Status")
        #expect(table.text(table.columns["statecode"] ?? [], in: Locale(identifier: "fr_FR")) == "Statut")
    }

    /// Names holding what the format or a Swift literal gives a meaning, percent-encoded as the generator writes them.
    @Test func everyNameReadsBackExactly() throws {
        let table = try #require(
            DisplayNameTable(
                text: """
                    version 1
                    languages en-US|de-DE|ja-JP
                    quotes: Say %22hi%22|%22%22%22|#%22raw%22#
                    escapes: back%5Cslash|%5C(interpolated)|tab%09and%0Anewline%0D%0A
                    spaces: %20leading|trailing%20%20|%20
                    separator: a%7Cb%7C|100%25|%
                    scalars: ́starts with a combining mark|日本語 русский עברית|👩‍👩‍👧 ZWJ%E2%80%A8
                    odd%3Aname%20x: Odd
                    """
            )
        )
        #expect(table.columns["quotes"] == [#"Say "hi""#, String(repeating: "\"", count: 3), ##"#"raw"#"##])
        #expect(table.columns["escapes"] == [#"back\slash"#, #"\(interpolated)"#, "tab\tand\nnewline\r\n"])
        #expect(table.columns["spaces"] == [" leading", "trailing  ", " "])
        #expect(table.columns["separator"] == ["a|b|", "100%", ""])
        #expect(
            table.columns["scalars"] == ["\u{301}starts with a combining mark", "日本語 русский עברית", "👩‍👩‍👧 ZWJ\u{2028}"]
        )
        #expect(table.columns["odd:name x"] == ["Odd", nil, nil])
    }

    /// A line starting with a space continues the one before, its leading spaces dropped: long lines and long names
    /// break where the generator finds room.
    @Test func continuationLinesJoinTheLineBefore() throws {
        let table = try #require(
            DisplayNameTable(
                text: """
                    version 1
                    languages en-US|de-DE
                    long: A name that is lo
                        nger than a line|Ein Na
                        me
                    """
            )
        )
        #expect(table.columns["long"] == ["A name that is longer than a line", "Ein Name"])
    }

    @Test func linesThatDoNotReadAreSkipped() throws {
        let (table, skipped) = DisplayNameTable.read(
            """
            version 1
            languages en-US|de-DE
            entity Account|Firma
            broken: 100%zz|Fine
            nocolon Account
            : Empty storage name
            %ZZ: Undecodable storage name
            languages |de-DE
            name: Account Name|Firmenname
            revenue: Annual Revenue
            revenue: Second Revenue
            """
        )
        // A second languages line is skipped too.
        #expect(skipped == [4, 5, 6, 7, 8])
        let read = try #require(table)
        #expect(read.languages.tags == ["en-US", "de-DE"])
        #expect(read.columns.keys.sorted() == ["name", "revenue"])
        // The first line for a column counts, as the first of several tables' names does for a class.
        #expect(read.columns["revenue"] == ["Annual Revenue", nil])

        let noTags = DisplayNameTable.read("version 1\nlanguages en-US||de-DE\nname: Name")
        #expect(noTags.skipped == [2])
        #expect(noTags.table?.languages.tags == [])
        #expect(noTags.table?.text(noTags.table?.columns["name"] ?? [], in: Locale(identifier: "de_DE")) == "Name")
    }

    @Test func anUnknownOrMissingVersionGivesNoTable() {
        #expect(DisplayNameTable(text: "version 2\nlanguages en-US\nname: Name") == nil)
        #expect(DisplayNameTable(text: "languages en-US\nname: Name") == nil)
        #expect(DisplayNameTable(text: "") == nil)
        #expect(DisplayNameTable(text: "version one") == nil)
    }

    /// Malformed text of every shape reads without trapping.
    @Test func arbitraryTextNeverTraps() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "version 1\n", "languages ", "entity ", "|", "%", "%2", "%C3", ":", " ", "\n", "\n ", "é", "\u{301}",
        ]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 0..<30, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            if let table = DisplayNameTable(text: text) {
                _ = table.text(table.entity, in: Locale(identifier: "de_DE"))
                for names in table.columns.values { _ = table.text(names, in: Locale(identifier: "en_US")) }
            }
        }
    }

    /// The table written with the public initializer is the same as read from text.
    @Test func theInitializerWithArraysStillWorks() throws {
        let written = DisplayNameTable(
            languages: ["en-US", "de-DE"],
            entity: ["Account", "Firma"],
            collection: ["Accounts", nil],
            ("revenue", ["Annual Revenue", "Jahresumsatz"])
        )
        let read = try #require(
            DisplayNameTable(
                text: "version 1\nlanguages en-US|de-DE\nentity Account|Firma\ncollection Accounts\n"
                    + "revenue: Annual Revenue|Jahresumsatz"
            )
        )
        #expect(written.languages.tags == read.languages.tags)
        #expect(written.entity == read.entity && written.collection == read.collection)
        #expect(written.columns == read.columns)
    }

    /// A class's getter is read once, however often its names are looked up; a derived class reads its own table and
    /// reuses its base class's.
    @Test func eachClassReadsItsTableOnce() {
        for _ in 0..<100 {
            #expect(TextNamedDerived.displayName(in: Locale(identifier: "de_DE")) == "Abgeleitet")
            #expect(TextNamedDerived.displayName(of: \.title, in: Locale(identifier: "de_DE")) == "Titel")
            #expect(TextNamedDerived.displayName(of: \.size, in: Locale(identifier: "de_DE")) == "Größe")
            #expect(TextNamedBase.displayCollectionName(in: Locale(identifier: "en_US")) == "Bases")
        }
        #expect(TextNamedDerived.derivedReads.count == 1)
        #expect(TextNamedBase.reads.count == 1)
    }
}

/// Counts how often a class's `displayNameTable` is read.
final class ReadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

class TextNamedBase: Entity {
    static let reads = ReadCounter()
    override class var entityLogicalName: String { "textnamedbase" }
    override class var propertyMetadata: [PropertyMetadata] {
        PropertyMetadata.table(of: TextNamedBase.self, "version 1\ntitle: title string")
    }
    override class var displayNameTable: DisplayNameTable? {
        if self == TextNamedBase.self { reads.increment() }
        return DisplayNameTable(
            text: "version 1\nlanguages en-US|de-DE\nentity Base\ncollection Bases\ntitle: Title|Titel"
        )
    }
    final var title: String? { self._get() }
}

final class TextNamedDerived: TextNamedBase {
    static let derivedReads = ReadCounter()
    override class var entityLogicalName: String { "textnamedderived" }
    override class var propertyMetadata: [PropertyMetadata] {
        PropertyMetadata.table(of: TextNamedDerived.self, "version 1\nsize: size int32")
    }
    override class var displayNameTable: DisplayNameTable? {
        derivedReads.increment()
        return DisplayNameTable(text: "version 1\nlanguages en-US|de-DE\nentity Derived|Abgeleitet\nsize: Size|Größe")
    }
    final var size: Int32? { self._get() }
}
