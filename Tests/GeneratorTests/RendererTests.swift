import SwiftEmitter
import Testing

/// The renderer on its own: escaping and layout.
struct RendererTests {
    @Test func stringLiteralsAreEscaped() {
        let declaration = Declaration.variable(
            VariableDeclaration(
                access: .public,
                modifiers: [.static],
                name: "text",
                type: nil,
                kind: .constant(.literal(.string("quote \" backslash \\ newline \n tab \t bell \u{7} é")))
            )
        )
        #expect(
            SwiftRenderer().render(declaration)
                == "public static let text = \"quote \\\" backslash \\\\ newline \\n tab \\t bell \\u{7} é\"\n"
        )
    }

    /// ASCII text is escaped a byte at a time, other text a scalar at a time: the same characters come out escaped.
    @Test(arguments: ["plain text, as most is", "a \"quote\" and a \\", "delete \u{7F}", "line\u{2028}separator"])
    func asciiAndOtherTextAreEscapedAlike(text: String) {
        func rendered(_ text: String) -> String {
            SwiftRenderer()
                .render(
                    .variable(
                        VariableDeclaration(
                            access: .public,
                            name: "x",
                            type: nil,
                            kind: .constant(.literal(.string(text)))
                        )
                    )
                )
        }
        let plain = rendered(text)
        #expect(rendered(text + "é") == plain.replacingOccurrences(of: "\"\n", with: "é\"\n"))
        #expect(!plain.contains("\u{7F}") && !plain.contains("\u{2028}"))
    }

    /// ASCII comment lines are wrapped by bytes, others by characters: an `é` where an `e` was wraps at the same places,
    /// with the spaces runs, an item's hanging indent and a word longer than the line kept the same way.
    @Test func asciiAndOtherCommentLinesWrapAlike() {
        let lines = [
            "- " + String(repeating: "one two  three ", count: 12),
            "  leading spaces " + String(repeating: "word ", count: 30),
            String(repeating: "x", count: 130) + " short " + String(repeating: "seven ", count: 25),
        ]
        func rendered(_ lines: [String]) -> String {
            SwiftRenderer()
                .render(
                    .documented(
                        Documentation(lines),
                        .variable(VariableDeclaration(access: .public, name: "x", type: nil, kind: .constant(nil)))
                    )
                )
        }
        let ascii = rendered(lines)
        #expect(ascii.split(separator: "\n").count > lines.count + 3)
        let accented = rendered(lines.map { $0.replacingOccurrences(of: "e", with: "é") })
        #expect(accented.replacingOccurrences(of: "é", with: "e") == ascii)
    }

    /// Whether a line fits is decided in characters, however many bytes each has: 120 stay on a line, 121 wrap.
    @Test(arguments: ["e", "é", "e\u{301}", "日"]) func aLineFitsByItsCharacters(character: String) {
        func rendered(_ count: Int) -> [Substring] {
            let argument = Argument(label: "a", .literal(.string(String(repeating: character, count: count))))
            let call = Expression.call(.identifier("f"), [argument, Argument(label: "b", .literal(.integer(1)))])
            return SwiftRenderer()
                .render(.variable(VariableDeclaration(access: .public, name: "x", type: nil, kind: .constant(call))))
                .split(separator: "\n")
        }
        #expect(rendered(91).map(\.count) == [120])
        #expect(rendered(92).count > 1)
    }

    @Test func aFileOfCommentsAloneEndsWithOneNewline() {
        let empty = SwiftFile(header: ["Generated.", "", "Nothing here."], imports: [], declarations: [])
        #expect(SwiftRenderer().render(empty) == "// Generated.\n//\n// Nothing here.\n")
        let file = SwiftFile(header: ["Generated."], imports: ["Foundation"], declarations: [])
        #expect(SwiftRenderer().render(file) == "// Generated.\n\nimport Foundation\n")
    }

    @Test func anImportMayNameAnSPIGroup() {
        let file = SwiftFile(
            header: [],
            imports: ["Foundation", ImportDeclaration("MobileSdk", spi: "Generated")],
            declarations: []
        )
        #expect(SwiftRenderer().render(file) == "import Foundation\n@_spi(Generated) import MobileSdk\n")
    }

    @Test func keywordsAreEscapedWhereDeclaredAndAfterDots() {
        let declaration = Declaration.enum(
            NominalDeclaration(
                access: .internal,
                name: "Type",
                members: [
                    .enumCase(EnumCaseDeclaration(name: "self")),
                    .variable(
                        VariableDeclaration(
                            access: .private,
                            modifiers: [.static],
                            name: "x",
                            type: nil,
                            kind: .constant(.member(nil, "self"))
                        )
                    ),
                ]
            )
        )
        #expect(
            SwiftRenderer().render(declaration) == """
                enum `Type` {
                    case `self`

                    private static let x = .`self`
                }

                """
        )
    }

    @Test func identifiersFollowTheSwiftGrammar() {
        #expect(SwiftIdentifier.isHead("é") && SwiftIdentifier.isHead("‿") && !SwiftIdentifier.isHead("1"))
        #expect(
            SwiftIdentifier.isCharacter("1") && !SwiftIdentifier.isCharacter("-") && !SwiftIdentifier.isCharacter(" ")
        )
    }

    @Test func aCollectionArgumentTooLongForItsLinePutsAnElementOnEachLine() {
        let entries = (1...6)
            .map { index in
                DictionaryElement(
                    key: .literal(.string("ParameterNumber\(index)")),
                    value: .call(.member(nil, "attribute"), [Argument(.identifier("parameterNumber\(index)"))])
                )
            }
        let call = Expression.call(
            .identifier("Request"),
            [Argument(label: "name", .literal(.string("Name"))), Argument(label: "parameters", .dictionary(entries))]
        )
        let text = SwiftRenderer()
            .render(.variable(VariableDeclaration(access: .public, name: "request", type: nil, kind: .constant(call))))
        #expect(
            text == """
                public let request = Request(
                    name: "Name",
                    parameters: [
                        "ParameterNumber1": .attribute(parameterNumber1),
                        "ParameterNumber2": .attribute(parameterNumber2),
                        "ParameterNumber3": .attribute(parameterNumber3),
                        "ParameterNumber4": .attribute(parameterNumber4),
                        "ParameterNumber5": .attribute(parameterNumber5),
                        "ParameterNumber6": .attribute(parameterNumber6),
                    ]
                )

                """
        )
    }
}
