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
