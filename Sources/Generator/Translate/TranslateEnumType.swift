import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A CSDL enum type: a Swift enum over its member names, or for `IsFlags` an `OptionSet`.
    func translateEnumType(_ qualified: QualifiedName, _ type: EnumType) -> Declaration {
        let name = typeNames.name(of: qualified) ?? type.name
        var names = UniqueNames(reserved: ["rawValue", "init", "self", "Type", "Protocol", "memberNames", "hashValue", "allCases", "none", "edmTypeName"])
        var seen: Set<String> = []
        let uniqueMembers = type.members.filter { member in
            if seen.insert(member.name).inserted { return true }
            warning("enum member \(type.name).\(member.name) is declared twice; the later one is not generated", at: member.location)
            return false
        }
        let cases = uniqueMembers.map { member -> (EnumType.Member, String) in
            let preferred = IdentifierNaming.lowerCamelCase(member.name)
            let (caseName, changed) = names.claim(preferred, suffix: "Value")
            if changed { note("enum member \(type.name).\(member.name) is generated as '\(caseName)': '\(preferred)' is taken", at: member.location) }
            return (member, caseName)
        }
        let remark = "Generated from enum type `\(qualified)` (\(source(type.location)))."
        guard type.isFlags else {
            var declarations = cases.map { member, caseName -> Declaration in
                let declaration = Declaration.enumCase(EnumCaseDeclaration(name: caseName, rawValue: .string(member.name)))
                let text = member.documentationText
                return member.coreDescription == nil ? declaration : .documented(text.documentation(remark: "`\(member.name)` = \(member.value)."), declaration)
            }
            declarations += lookUpByRawValue(of: name, rawType: .named("Swift.String"), failable: true)
            declarations.append(edmTypeName(qualified))
            return .documented(type.documentationText.documentation(remark: remark), .enum(NominalDeclaration(
                access: access, name: name,
                conformances: [.named("Swift.String"), .named("MobileSdk.EdmEnumeration"), .named("Swift.CaseIterable"), .named("Swift.Sendable")],
                members: declarations)))
        }
        let int64 = TypeName.named("Swift.Int64")
        var members: [Declaration] = [
            .variable(VariableDeclaration(access: access, name: "rawValue", type: int64, kind: .stored(nil))),
            .function(FunctionDeclaration(
                access: access, kind: .initializer(failable: false), parameters: [.init(name: "rawValue", type: int64)],
                body: [.assignment(.member(.identifier("self"), "rawValue"), .identifier("rawValue"))])),
        ]
        for (member, caseName) in cases {
            // The empty set is written `[]`: `Feature(rawValue: 0)` draws a compiler warning.
            let value: Expression = member.value == 0 ? .array([]) : .call(.identifier(name), [Argument(label: "rawValue", .literal(.integer(member.value)))])
            members.append(.variable(VariableDeclaration(access: access, modifiers: [.static], name: caseName, type: .named(name), kind: .constant(value))))
        }
        members.append(edmTypeName(qualified))
        members.append(.variable(VariableDeclaration(
            access: access, modifiers: [.static], name: "memberNames", type: .named("[(name: Swift.String, value: Swift.Int64)]"),
            kind: .constant(.array(uniqueMembers.map { .tuple([.literal(.string($0.name)), .literal(.integer($0.value))]) })))))
        return .documented(type.documentationText.documentation(remark: remark), .struct(NominalDeclaration(
            access: access, name: name, conformances: [.named("MobileSdk.EdmFlagsEnumeration")], members: members)))
    }

    /// `static var edmTypeName: String? { "Ns.Name" }`, for OData 4.0 literals such as `Ns.Name'Member'`.
    private func edmTypeName(_ qualified: QualifiedName) -> Declaration {
        .variable(VariableDeclaration(access: access, modifiers: [.static], name: "edmTypeName", type: .optional(.named("Swift.String")),
                                      kind: .computed(getter: [.expression(.literal(.string(qualified.description)))], setter: nil)))
    }

    /// A dictionary from raw values to cases, and the initializer that reads it: constant time,
    /// and quick to compile for enums of hundreds of members, where a synthesized `switch` is not.
    /// `cases` lists the cases when the enum is not `CaseIterable`.
    func lookUpByRawValue(of name: String, rawType: TypeName, failable: Bool, cases: Expression = .identifier("allCases")) -> [Declaration] {
        let table = Expression.call(.member(.identifier("Swift"), "Dictionary"), [
            Argument(.call(.member(cases, "map"), [Argument(.closure(parameters: [], body: .tuple([.member(.identifier("$0"), "rawValue"), .identifier("$0")])))])),
            Argument(label: "uniquingKeysWith", .closure(parameters: ["first", "_"], body: .identifier("first"))),
        ])
        let found = Expression.subscript(.member(.identifier("Self"), "byRawValue"), [Argument(.identifier("rawValue"))])
        let body: [Statement] = failable
            ? [.switch(found, [
                SwitchCase(patterns: [.optionalBinding("value")], body: [.assignment(.identifier("self"), .identifier("value"))]),
                SwitchCase(patterns: [.expression(.literal(.nil))], body: [.return(.literal(.nil))]),
            ])]
            : [.assignment(.identifier("self"), .nilCoalescing(found, .call(.member(nil, "unknown"), [Argument(.identifier("rawValue"))])))]
        return [
            .variable(VariableDeclaration(access: .private, modifiers: [.static], name: "byRawValue", type: .dictionary(key: rawType, value: .named(name)), kind: .constant(table))),
            .function(FunctionDeclaration(access: access, kind: .initializer(failable: failable), parameters: [.init(name: "rawValue", type: rawType)], body: body)),
        ]
    }
}
