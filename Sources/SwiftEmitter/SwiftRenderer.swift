/// Prints structured Swift declarations as source text, deterministically.
public struct SwiftRenderer: Sendable {
    /// Creates a renderer; it holds no state, so one renders any number of files.
    public init() {}

    /// The whole file's text, ending with one newline.
    public func render(_ file: SwiftFile) -> String {
        var writer = TextWriter()
        for line in file.header { writer.line(line.isEmpty ? "//" : "// " + line) }
        if !file.header.isEmpty && !(file.imports.isEmpty && file.declarations.isEmpty) { writer.line("") }
        for module in file.imports { writer.line(module.text) }
        for (index, declaration) in file.declarations.enumerated() {
            if index > 0 || !file.imports.isEmpty { writer.line("") }
            render(declaration, into: &writer)
        }
        return writer.text
    }

    /// One declaration's text (for snippet tests).
    public func render(_ declaration: Declaration) -> String {
        var writer = TextWriter()
        render(declaration, into: &writer)
        return writer.text
    }

    // MARK: - Declarations

    private func render(_ declaration: Declaration, into writer: inout TextWriter) {
        switch declaration {
        case .documented(let documentation, let inner):
            for line in documentation.lines {
                for part in Self.wrapped(line, width: Self.lineLength - writer.indentation - 4) {
                    writer.line(part.isEmpty ? "///" : "/// " + part)
                }
            }
            render(inner, into: &writer)
        case .class(let declaration):
            let final = declaration.isFinal ? "final " : ""
            let inheritance = ([declaration.superclass].compactMap { $0 } + declaration.conformances).map(render)
            block(
                """
                \(prefix(declaration.access))\(final)class \
                \(SwiftIdentifier.declared(declaration.name))\(clause(inheritance))
                """,
                declaration.members,
                into: &writer
            )
        case .struct(let declaration):
            block(
                """
                \(prefix(declaration.access))struct \(SwiftIdentifier.declared(declaration.name))\
                \(clause(declaration.conformances.map(render)))
                """,
                declaration.members,
                into: &writer
            )
        case .enum(let declaration):
            block(
                """
                \(prefix(declaration.access))enum \(SwiftIdentifier.declared(declaration.name))\
                \(clause(declaration.conformances.map(render)))
                """,
                declaration.members,
                into: &writer
            )
        case .extension(let declaration):
            block(
                """
                \(declaration.access.map(prefix) ?? "")extension \(render(declaration.extendedType))\
                \(clause(declaration.conformances.map(render)))
                """,
                declaration.members,
                into: &writer
            )
        case .enumCase(let declaration):
            var text = "case \(SwiftIdentifier.declared(declaration.name))"
            if !declaration.associatedTypes.isEmpty {
                text += "(" + declaration.associatedTypes.map(render).joined(separator: ", ") + ")"
            }
            if let raw = declaration.rawValue { text += " = " + render(raw) }
            writer.line(text)
        case .typealias(let declaration):
            writer.line(
                """
                \(prefix(declaration.access))typealias \(SwiftIdentifier.declared(declaration.name)) = \
                \(render(declaration.type))
                """
            )
        case .variable(let declaration): render(declaration, into: &writer)
        case .function(let declaration): render(declaration, into: &writer)
        }
    }

    private func prefix(_ access: AccessLevel) -> String { access == .internal ? "" : access.rawValue + " " }

    private func clause(_ inheritance: [String]) -> String {
        inheritance.isEmpty ? "" : ": " + inheritance.joined(separator: ", ")
    }

    private func block(_ head: String, _ members: [Declaration], into writer: inout TextWriter) {
        guard !members.isEmpty else {
            writer.line(head + " {}")
            return
        }
        writer.line(head + " {")
        writer.indented { writer in
            for (index, member) in members.enumerated() {
                if index > 0 && !(oneLinerKind(members[index - 1]).map { $0 == oneLinerKind(member) } ?? false) {
                    writer.line("")
                }
                render(member, into: &writer)
            }
        }
        writer.line("}")
    }

    /// Undocumented cases, constants, and static properties computed in one line sit on consecutive lines: 0 for
    /// cases, 1 for constants, 2 for such properties.
    private func oneLinerKind(_ declaration: Declaration) -> Int? {
        switch declaration {
        case .enumCase: 0
        case .typealias: 1
        case .variable(let variable):
            switch variable.kind {
            case .computed(let getter, nil, nil)
            where variable.modifiers.contains(.static) && getter.count == 1 && singleLine(getter[0]) != nil: 2
            case .computed: nil
            default: 1
            }
        default: nil
        }
    }

    private func render(_ variable: VariableDeclaration, into writer: inout TextWriter) {
        let modifiers = variable.modifiers.map { $0.rawValue + " " }.joined()
        let keyword: String
        switch variable.kind {
        case .constant: keyword = "let"
        case .stored, .computed: keyword = "var"
        }
        var head = "\(prefix(variable.access))\(modifiers)\(keyword) \(SwiftIdentifier.declared(variable.name))"
        if let type = variable.type { head += ": " + render(type) }
        switch variable.kind {
        case .constant(.arrayLines(let elements)): renderLines(head + " = ", elements, into: &writer)
        case .constant(let value?), .stored(let value?): renderWrapping(head + " = ", value, into: &writer)
        case .constant(nil), .stored(nil): writer.line(head)
        case .computed(let getter, nil, nil): body(head, getter, into: &writer)
        case .computed(let getter, let setter, let modify):
            writer.line(head + " {")
            writer.indented { writer in
                body("get", getter, into: &writer)
                if let setter { body("set", setter, into: &writer) }
                if let modify { body("_modify", modify, into: &writer) }
            }
            writer.line("}")
        }
    }

    private func render(_ function: FunctionDeclaration, into writer: inout TextWriter) {
        let modifiers = function.modifiers.map { $0.rawValue + " " }.joined()
        let parameterTexts = function.parameters.map { parameter -> String in
            var text = parameter.label.map { $0 == parameter.name ? "" : SwiftIdentifier.label($0) + " " } ?? ""
            text += "\(SwiftIdentifier.declared(parameter.name)): \(render(parameter.type))"
            if let value = parameter.defaultValue { text += " = " + render(value) }
            return text
        }
        let parameters = parameterTexts.joined(separator: ", ")
        var head = prefix(function.access) + modifiers
        switch function.kind {
        case .function(let name): head += "func \(SwiftIdentifier.declared(name))(\(parameters))"
        case .initializer(let failable): head += "init\(failable ? "?" : "")(\(parameters))"
        }
        var effects = ""
        if function.isAsync { effects += " async" }
        if function.isThrowing { effects += " throws" }
        if let returnType = function.returnType { effects += " -> " + render(returnType) }
        if writer.indentation + head.count + effects.count + 2 > Self.lineLength, !function.parameters.isEmpty,
            let open = head.lastIndex(of: "(")
        {
            // One parameter per line: `func name(` … `) async throws -> Type {`.
            writer.line(String(head[...open]))
            writer.indented { writer in
                // No trailing comma: Swift 6.0 does not accept one in a parameter list.
                for (index, parameter) in parameterTexts.enumerated() {
                    writer.line(parameter + (index < parameterTexts.count - 1 ? "," : ""))
                }
            }
            body(")" + effects, function.body, into: &writer, alwaysMultiline: true)
            return
        }
        body(head + effects, function.body, into: &writer, alwaysMultiline: true)
    }

    /// `head { statement }` on one line when the body is one short statement, else a block.
    private func body(
        _ head: String,
        _ statements: [Statement],
        into writer: inout TextWriter,
        alwaysMultiline: Bool = false
    ) {
        if !alwaysMultiline, statements.count == 1, let single = singleLine(statements[0]),
            writer.indentation + head.count + single.count + 5 <= Self.lineLength
        {
            writer.line("\(head) { \(single) }")
            return
        }
        if statements.isEmpty {
            writer.line(head + " {}")
            return
        }
        writer.line(head + " {")
        writer.indented { writer in for statement in statements { render(statement, into: &writer) } }
        writer.line("}")
    }

    // MARK: - Statements

    private func singleLine(_ statement: Statement) -> String? {
        switch statement {
        case .expression(let expression) where !expression.isMultiline: render(expression)
        case .return(let value?) where !value.isMultiline: "return " + render(value)
        case .return(nil): "return"
        case .assignment(let target, let value) where !value.isMultiline: "\(render(target)) = \(render(value))"
        case .yieldInout(let target) where !target.isMultiline: "yield &" + render(target)
        default: nil
        }
    }

    private func render(_ statement: Statement, into writer: inout TextWriter) {
        switch statement {
        case .expression(.switch(let subject, let cases)): renderSwitch(subject, cases, into: &writer)
        case .expression(.arrayLines(let elements)): renderLines("", elements, into: &writer)
        case .expression(let expression): renderWrapping("", expression, into: &writer)
        case .return(nil): writer.line("return")
        case .return(.switch(let subject, let cases)?): renderSwitch(subject, cases, into: &writer)
        case .return(.arrayLines(let elements)?): renderLines("return ", elements, into: &writer)
        case .return(let value?): renderWrapping("return ", value, into: &writer)
        case .assignment(let target, let value): renderWrapping("\(render(target)) = ", value, into: &writer)
        case .yieldInout(let target): renderWrapping("yield &", target, into: &writer)
        case .switch(let subject, let cases): renderSwitch(subject, cases, into: &writer)
        case .forIn(let name, let sequence, let body):
            writer.line("for \(SwiftIdentifier.declared(name)) in \(render(sequence)) {")
            writer.indented { writer in for statement in body { render(statement, into: &writer) } }
            writer.line("}")
        }
    }

    /// `head` and the expression on one line when it fits in ``lineLength``; else a call (also behind `try` and
    /// `await`) with one argument per line, closing with `)` on a line of its own.
    private func renderWrapping(_ head: String, _ expression: Expression, into writer: inout TextWriter) {
        let text = head + render(expression)
        guard !Self.fits(text, within: Self.lineLength - writer.indentation) else {
            writer.line(text)
            return
        }
        guard !expression.isMultiline else {
            renderTrailingArray(text, of: expression, into: &writer)
            return
        }
        var prefix = head
        var call = expression
        while true {
            switch call {
            case .try(let inner):
                prefix += "try "
                call = inner
                continue
            case .await(let inner):
                prefix += "await "
                call = inner
                continue
            default: break
            }
            break
        }
        var closing = ")"
        // A call whose one argument is a call, `invoke(Request(a: …, b: …))`: the inner call's arguments go on lines.
        while case .call(let callee, let arguments) = call, arguments.count == 1, arguments[0].label == nil,
            case .call(_, let inner) = arguments[0].value, inner.count > 1
        {
            prefix += render(callee) + "("
            closing += ")"
            call = arguments[0].value
        }
        if case .array(let elements) = call, elements.count > 1 {
            renderLines(prefix, elements, into: &writer)
            return
        }
        guard case .call(let callee, let arguments) = call, arguments.count > 1 else {
            // `let name: Type =` and the value on the next line, when that makes it fit.
            let value = render(expression)
            if case .call(let callee, let arguments) = call, arguments.count == 1, arguments[0].label == nil,
                writer.indentation + 4 + render(arguments[0].value).count + 1 <= Self.lineLength
            {
                writer.line(prefix + render(callee) + "(")
                writer.indented { writer in writer.line(render(arguments[0].value) + closing) }
            } else if head.hasSuffix(" = "), writer.indentation + 4 + value.count <= Self.lineLength {
                writer.line(String(head.dropLast()))
                writer.indented { writer in writer.line(value) }
            } else {
                writer.line(text)
            }
            return
        }
        writer.line(prefix + render(callee) + "(")
        writer.indented { writer in
            // No trailing comma: Swift 6.0 does not accept one in an argument list.
            for (index, argument) in arguments.enumerated() {
                let label = argument.label.map { SwiftIdentifier.label($0) + ": " } ?? ""
                let comma = index < arguments.count - 1 ? "," : ""
                let text = label + render(argument.value) + comma
                // A collection literal too long for its line: one element per line (a trailing comma is fine there).
                if writer.indentation + text.count > Self.lineLength, let elements = collectionElements(argument.value)
                {
                    writer.line(label + "[")
                    writer.indented { writer in for element in elements { writer.line(element + ",") } }
                    writer.line("]" + comma)
                } else {
                    writer.line(text)
                }
            }
        }
        writer.line(closing)
    }

    /// The elements of an array or dictionary literal that has some, each rendered (`key: value`); nil for any
    /// other expression.
    private func collectionElements(_ expression: Expression) -> [String]? {
        switch expression {
        case .array(let elements) where !elements.isEmpty: elements.map(render)
        case .dictionary(let elements) where !elements.isEmpty:
            elements.map { render($0.key) + ": " + render($0.value) }
        default: nil
        }
    }

    /// `head[`, one element per line, `]`; `head[]` when empty.
    /// A multi-line call (a string literal's lines, then `""", [A.self, B.self])`) whose last line is too long
    /// because of its last argument, an array: the array's elements on lines of their own, as many as fit on each.
    private func renderTrailingArray(_ text: String, of expression: Expression, into writer: inout TextWriter) {
        guard case .call(_, let arguments) = expression, case .array(let elements)? = arguments.last?.value,
            let lastBreak = text.lastIndex(of: "\n")
        else {
            writer.line(text)
            return
        }
        let array = render(Expression.array(elements)) + ")"
        let lastLine = text[text.index(after: lastBreak)...]
        guard lastLine.hasSuffix(array), writer.indentation + lastLine.count > Self.lineLength else {
            writer.line(text)
            return
        }
        writer.line(String(text[..<lastBreak]))
        writer.line(String(lastLine.dropLast(array.count)) + "[")
        // The last line is indented within the literal: the elements go one level further, `])` beside it.
        let indentation = String(lastLine.prefix { $0 == " " })
        let width = Self.lineLength - writer.indentation - indentation.count - 4
        var line = ""
        for element in elements.map(render) {
            if !line.isEmpty, line.count + element.count + 2 > width {
                writer.line(indentation + "    " + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + element + ","
        }
        writer.line(indentation + "    " + line)
        writer.line(indentation + "])")
    }

    private func renderLines(_ head: String, _ elements: [Expression], into writer: inout TextWriter) {
        guard !elements.isEmpty else {
            writer.line(head + "[]")
            return
        }
        writer.line(head + "[")
        writer.indented { writer in for element in elements { writer.line(render(element) + ",") } }
        writer.line("]")
    }

    private func renderSwitch(_ subject: Expression, _ cases: [SwitchCase], into writer: inout TextWriter) {
        writer.line("switch \(render(subject)) {")
        for switchCase in cases {
            let label =
                switchCase.patterns.isEmpty
                ? "default" : "case " + switchCase.patterns.map(render).joined(separator: ", ")
            if switchCase.body.count == 1, let single = singleLine(switchCase.body[0]) {
                writer.line("\(label): \(single)")
            } else {
                writer.line("\(label):")
                writer.indented { writer in for statement in switchCase.body { render(statement, into: &writer) } }
            }
        }
        writer.line("}")
    }

    private func render(_ pattern: SwitchCase.Pattern) -> String {
        switch pattern {
        case .expression(let expression): render(expression)
        case .enumCase(let name, let bindings):
            "." + SwiftIdentifier.member(name)
                + (bindings.isEmpty
                    ? "" : "(" + bindings.map { "let \(SwiftIdentifier.declared($0))" }.joined(separator: ", ") + ")")
        case .optionalBinding(let name): "let \(SwiftIdentifier.declared(name))?"
        }
    }

    // MARK: - Expressions and types

    func render(_ expression: Expression) -> String {
        switch expression {
        case .literal(let literal): return render(literal)
        case .identifier(let name): return SwiftIdentifier.declared(name)
        case .selfReference: return "self"
        case .typeReference(let type): return render(type)
        case .member(nil, let name): return "." + SwiftIdentifier.member(name)
        case .member(let base?, let name): return render(base) + "." + SwiftIdentifier.member(name)
        case .call(let callee, let arguments):
            return render(callee) + "("
                + arguments.map { ($0.label.map { SwiftIdentifier.label($0) + ": " } ?? "") + render($0.value) }
                .joined(separator: ", ") + ")"
        case .array(let elements), .arrayLines(let elements):
            return "[" + elements.map(render).joined(separator: ", ") + "]"
        case .dictionary(let elements):
            return elements.isEmpty
                ? "[:]" : "[" + elements.map { render($0.key) + ": " + render($0.value) }.joined(separator: ", ") + "]"
        case .switch(let subject, let cases):
            var writer = TextWriter()
            renderSwitch(subject, cases, into: &writer)
            return String(writer.text.dropLast())
        case .metatype(let type): return render(type) + ".self"
        case .nilCoalescing(let lhs, let rhs): return render(lhs) + " ?? " + render(rhs)
        case .tuple(let elements): return "(" + elements.map(render).joined(separator: ", ") + ")"
        case .subscript(let base, let arguments):
            return render(base) + "["
                + arguments.map { ($0.label.map { SwiftIdentifier.label($0) + ": " } ?? "") + render($0.value) }
                .joined(separator: ", ") + "]"
        case .try(let expression): return "try " + render(expression)
        case .await(let expression): return "await " + render(expression)
        case .closure(let parameters, let body):
            return "{ " + (parameters.isEmpty ? "" : parameters.joined(separator: ", ") + " in ") + render(body) + " }"
        }
    }

    func render(_ literal: Literal) -> String {
        switch literal {
        case .string(let text): return "\"" + Self.escaped(text) + "\""
        case .lines(let lines):
            // Continuation lines one level deeper than the line the literal starts on, the closing quotes too.
            return "\"\"\"\n" + lines.map { "    " + Self.escaped($0) + "\n" }.joined() + "    \"\"\""
        case .integer(let value): return String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .nil: return "nil"
        case .function: return "#function"
        }
    }

    func render(_ type: TypeName) -> String {
        switch type {
        case .named(let name): return SwiftIdentifier.declared(name)
        case .optional(let wrapped): return render(wrapped) + "?"
        case .array(let element): return "[" + render(element) + "]"
        case .dictionary(let key, let value): return "[" + render(key) + ": " + render(value) + "]"
        case .generic(let name, let arguments):
            return SwiftIdentifier.declared(name) + "<" + arguments.map(render).joined(separator: ", ") + ">"
        case .metatype(let base): return render(base) + ".Type"
        case .selfType: return "Self"
        }
    }

    /// The longest line the renderer aims for, as common Swift style guides set it.
    public static let lineLength = 120

    /// A comment line broken at spaces into parts of at most `width` characters (a longer word stays whole);
    /// continuation lines of a `- Remark:` or list item are indented to align with its text.
    static func wrapped(_ line: String, width: Int) -> [String] {
        // No more bytes than the width: no more characters either (most lines of a comment).
        if line.utf8.count <= width { return [line] }
        // ASCII without carriage returns counts a character a byte: words are measured and joined as bytes.
        if line.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
            return wrappedBytes(Array(line.utf8), width: width)
        }
        guard line.count > width, width > 20 else { return [line] }
        let hanging = line.hasPrefix("- ") ? "  " : ""
        var parts: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                parts.append(current)
                current = hanging + word
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        parts.append(current)
        return parts
    }

    /// `wrapped(_:width:)` of a line whose characters are its bytes.
    private static func wrappedBytes(_ line: [UInt8], width: Int) -> [String] {
        let text = { (bytes: [UInt8]) in String(decoding: bytes, as: UTF8.self) }
        guard line.count > width, width > 20 else { return [text(line)] }
        let space = UInt8(ascii: " ")
        let hanging: [UInt8] = line.starts(with: [UInt8(ascii: "-"), space]) ? [space, space] : []
        var parts: [String] = []
        var current: [UInt8] = []
        current.reserveCapacity(width + 1)
        for word in line.split(separator: space, omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                parts.append(text(current))
                current = hanging + word
            } else {
                if !current.isEmpty { current.append(space) }
                current += word
            }
        }
        parts.append(text(current))
        return parts
    }

    /// Whether every line of `text` has at most `width` characters. Lines are found and measured in bytes (a
    /// character has one or more); only a line with more bytes than `width` that is not all ASCII is counted in
    /// characters. Text with carriage returns is split as characters are.
    static func fits(_ text: String, within width: Int) -> Bool {
        var text = text
        let verdict = text.withUTF8 { bytes -> Bool? in
            var start = 0
            var ascii = true
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "\n")  // The end closes the last line.
                if byte == UInt8(ascii: "\r") { return nil }
                guard byte == UInt8(ascii: "\n") else {
                    if byte >= 0x80 { ascii = false }
                    continue
                }
                if index - start > width {
                    guard !ascii else { return false }
                    let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    if line.count > width { return false }
                }
                start = index + 1
                ascii = true
            }
            return true
        }
        return verdict ?? text.split(separator: "\n").allSatisfy { $0.count <= width }
    }

    /// A string literal's contents: quotes, backslashes and control characters escaped.
    static func escaped(_ text: String) -> String {
        // Printable ASCII other than a quote or a backslash stays as it is: most text needs no escape.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == 0x22 || $0 == 0x5C }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

extension Expression {
    /// Whether the expression renders on several lines.
    var isMultiline: Bool {
        switch self {
        case .switch: true
        case .arrayLines(let elements): !elements.isEmpty
        case .literal(.lines): true
        case .call(let callee, let arguments): callee.isMultiline || arguments.contains { $0.value.isMultiline }
        case .member(let base?, _): base.isMultiline
        case .try(let expression), .await(let expression): expression.isMultiline
        default: false
        }
    }
}
