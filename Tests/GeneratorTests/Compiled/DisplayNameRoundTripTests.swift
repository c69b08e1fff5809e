import Foundation
@testable import Generator
import GeneratorPipeline
import MetadataReader
import TestSupport
import Testing

/// Display names and option labels the whole way: a Dataverse table whose names and whose option set's labels hold
/// everything a text format or a Swift string literal could get wrong, in twelve languages, generated, compiled with
/// the runtime into a program, and read back by it.
struct DisplayNameRoundTripTests {
    /// Twelve languages by LCID, English (the base language) first.
    static let languages: [(lcid: Int, tag: String)] = [
        (1033, "en-US"), (1031, "de-DE"), (1036, "fr-FR"), (3082, "es-ES"), (1040, "it-IT"), (1041, "ja-JP"),
        (1049, "ru-RU"), (1025, "ar-SA"), (1037, "he-IL"), (1045, "pl-PL"), (1043, "nl-NL"), (1053, "sv-SE"),
    ]

    /// Names a format or a literal could get wrong, the separator among them.
    static let awkward: [String] = [
        #"Say "hi""#, String(repeating: "\"", count: 3), #"back\slash"#, #"\(interpolated)"#, ##"#"raw"# and #hash"##,
        "two\nlines", "tab\there", "  leading spaces", "trailing spaces  ", "日本語の名前", "Русское имя", "שם עברי", "a|b|",
        "100% sure %41", "\u{301}combining mark first", "👩‍👩‍👧 family", "line\u{2028}separator", "key: value", "",
        String(repeating: "A very long display name, ", count: 8) + "end", " ", "trailing backslash\\",
    ]

    static let columnCount = 8
    /// The options of the option set `new_kind`, whose labels are named as columns after the table's.
    static let optionCount = 8

    /// The name of column `column` (nil: the entity's) in language `language`; nil where it has none (never in the
    /// base language).
    static func name(column: Int?, language: Int) -> String? {
        let row = (column ?? -1) + 1
        if language > 0, (row + language) % 5 == 4 { return nil }
        if language == 0, row % 3 == 0 { return "Column \(row)" }
        return awkward[(row * languages.count + language) % awkward.count]
    }

    /// What the app shows: the name in the language, else in the base language.
    static func shown(column: Int?, language: Int) -> String? {
        name(column: column, language: language) ?? name(column: column, language: 0)
    }

    static func label(column: Int?) -> [String: Any] {
        let labels = languages.indices.compactMap { index -> [String: Any]? in
            name(column: column, language: index).map { ["Label": $0, "LanguageCode": languages[index].lcid] }
        }
        return ["LocalizedLabels": labels]
    }

    /// The `$metadata` and entity definitions of the table `new_widget`.
    static func documents() throws -> [MetadataLoader.InMemoryDocument] {
        let properties =
            (0..<columnCount).map { #"<Property Name="new_c\#($0)" Type="Edm.String"/>"# }.joined()
            + #"<Property Name="new_kind" Type="Edm.Int32"/>"#
        let csdl = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="Microsoft.Dynamics.CRM" Alias="mscrm" xmlns="http://docs.oasis-open.org/odata/ns/edm">
            <EntityType Name="new_widget"><Key><PropertyRef Name="new_widgetid"/></Key>
            <Property Name="new_widgetid" Type="Edm.Guid"/>\(properties)</EntityType>
            <EntityContainer Name="System"><EntitySet Name="new_widgets" EntityType="mscrm.new_widget"/>
            </EntityContainer></Schema></edmx:DataServices></edmx:Edmx>
            """
        let attributes = (0..<columnCount)
            .map { column -> [String: Any] in
                [
                    "@odata.type": "#Microsoft.Dynamics.CRM.StringAttributeMetadata", "LogicalName": "new_c\(column)",
                    "SchemaName": "new_C\(column)", "AttributeType": "String", "DisplayName": label(column: column),
                ]
            }
        let options = (0..<optionCount)
            .map { option -> [String: Any] in ["Value": option + 1, "Label": label(column: columnCount + option)] }
        let kind: [String: Any] = [
            "@odata.type": "#Microsoft.Dynamics.CRM.PicklistAttributeMetadata", "LogicalName": "new_kind",
            "SchemaName": "new_Kind", "AttributeType": "Picklist", "DisplayName": label(column: nil),
            "OptionSet": [
                "Name": "new_widget_new_kind", "OptionSetType": "Picklist", "IsGlobal": false, "Options": options,
            ],
        ]
        let entity: [String: Any] = [
            "LogicalName": "new_widget", "SchemaName": "new_Widget", "EntitySetName": "new_widgets",
            "PrimaryIdAttribute": "new_widgetid", "DisplayName": label(column: nil),
            "DisplayCollectionName": ["LocalizedLabels": [["Label": "Widgets", "LanguageCode": 1033]]],
            "Attributes": attributes + [kind],
        ]
        let definitions = try JSONSerialization.data(withJSONObject: ["value": [entity]], options: [.sortedKeys])
        return [
            .init(name: "widget.xml", bytes: Array(csdl.utf8)),
            .init(name: "widget.entitydefinitions.json", bytes: [UInt8](definitions)),
        ]
    }

    /// The generated files.
    static func generated() throws -> [(name: String, contents: String)] {
        let result = Pipeline().parse(.inMemory(try documents()))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return Pipeline().generate(result).files.map { (name: $0.name, contents: $0.contents) }
    }

    /// The getter's lines, however many languages and however long the names, stay within 120 columns.
    @Test func everyLineOfTheTableFitsIn120Columns() throws {
        let widget = try #require(try Self.generated().first { $0.name == "NewWidget.swift" }?.contents)
        let lines = widget.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("class var displayNameTable") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let table = lines[start...end]
        #expect(table.count > Self.columnCount + 5)
        let languages = try #require(table.first { $0.hasPrefix("            languages ") })
        #expect(languages.split(separator: " ").last?.split(separator: "|").count == Self.languages.count)
        let long = table.filter { $0.count > 120 }
        #expect(long.isEmpty, "\(long)")
        // Continuation lines: the long name needs some.
        #expect(table.contains { $0.hasPrefix("                ") })
    }

    /// The option set's table too: one line per option, long labels on continuation lines, none over 120 columns.
    @Test func everyLineOfTheOptionTableFitsIn120Columns() throws {
        let kind = try #require(try Self.generated().first { $0.name == "NewWidgetNewKind.swift" }?.contents)
        let lines = kind.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("func makeOptions") })
        let table = lines[start...]
        let optionLines = table.filter { $0.hasPrefix("            ") && $0.dropFirst(12).first?.isNumber == true }
        #expect(optionLines.count == Self.optionCount)
        let long = lines.filter { $0.count > 120 }
        #expect(long.isEmpty, "\(long)")
        #expect(table.contains { $0.hasPrefix("                ") })
    }

    /// Each name and option label the program shows is the metadata's, in every language.
    @Test func everyNameReadsBackExactlyInACompiledProgram() throws {
        guard let objects = RuntimeModules.objectFiles, let modules = RuntimeModules.folder else {
            print("skipped: the built MobileSdk target's object files were not found beside the test bundle")
            return
        }
        let columns = (0..<Self.columnCount).map { "NewWidget.displayName(of: \\.newC\($0), in: locale)" }
        let main = """
            import Foundation
            import MobileSdk

            var rows: [[String?]] = []
            for tag in \(Self.languages.map(\.tag)) {
                let locale = Locale(identifier: tag)
                rows.append([
                    NewWidget.displayName(in: locale), NewWidget.displayCollectionName(in: locale),
                    \(columns.joined(separator: ",\n        ")),
                ] + NewWidgetNewKind.allCases.map { $0.label(in: locale) })
            }
            FileHandle.standardOutput.write(try JSONEncoder().encode(rows))
            """
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in try Self.generated() + [(name: "main.swift", contents: main)] {
            let url = folder.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let program = folder.appendingPathComponent("probe").path
        let build = try SystemCommand.run(
            ["swiftc", "-swift-version", "6", "-module-name", "Probe", "-I", modules.path, "-o", program] + paths
                + objects
        )
        #expect(build.status == 0, "\(build.output.prefix(4000))")
        guard build.status == 0 else { return }
        let run = try SystemCommand.run([program])
        #expect(run.status == 0, "\(run.output.prefix(2000))")
        let rows = try JSONDecoder().decode([[String?]].self, from: Data(run.output.utf8))
        #expect(rows.count == Self.languages.count)
        for (language, row) in rows.enumerated() {
            let expected =
                [Self.shown(column: nil, language: language), "Widgets"]
                + (0..<Self.columnCount).map { Self.shown(column: $0, language: language) }
                + (0..<Self.optionCount).map { Self.shown(column: Self.columnCount + $0, language: language) }
            #expect(row == expected, "\(Self.languages[language].tag)")
        }
    }

    /// Names as the table writes them: nothing a Swift literal escapes, the separator and `%` encoded, the empty name
    /// `%`; long lines broken where no space is lost.
    @Test func fieldsAndContinuationLines() {
        #expect(DisplayNameTableText.field(#"Say "hi" \(x)"#) == "Say %22hi%22 %5C(x)")
        #expect(DisplayNameTableText.field(" a|b ") == "%20a%7Cb%20")
        #expect(DisplayNameTableText.field("") == "%")
        #expect(DisplayNameTableText.field("100%\n") == "100%25%0A")
        #expect(DisplayNameTableText.field("odd: name", storageName: true) == "odd%3A%20name")
        #expect(DisplayNameTableText.field("日本語 名前") == "日本語 名前")
        let line = "name: " + Array(repeating: "Word", count: 40).joined(separator: " ")
        let parts = DisplayNameTableText.wrapped(line, width: 30)
        #expect(parts.allSatisfy { $0.count <= 30 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.dropFirst(4).hasPrefix(" ") })
        #expect(parts.allSatisfy { !$0.hasSuffix(" ") })
        #expect(parts.first.map { $0 + parts.dropFirst().map { $0.dropFirst(4) }.joined() } == line)
    }

    /// A name the byte test passes as its own field is one the character path leaves as it is.
    @Test func namesPassedByBytesNeedNoEscape() {
        let pieces = [
            "a", "Z", "0", " ", ":", "|", "%", "\"", "\\", "/", "#", "\t", "\u{7F}", "é", "\u{A0}", "\u{2028}",
        ]
        var generator = SeededGenerator(seed: 26)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var passed = 0
        for index in 0..<20_000 {
            let name = (0..<(1 + next(5))).map { _ in pieces[next(pieces.count)] }.joined()
            let storageName = index % 2 == 0
            guard DisplayNameTableText.isOwnField(name, storageName: storageName) else { continue }
            passed += 1
            #expect(DisplayNameTableText.escapedField(name, storageName: storageName) == name, "\(name)")
        }
        #expect(passed > 1_000)
    }
}
