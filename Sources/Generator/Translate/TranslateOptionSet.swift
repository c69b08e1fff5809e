import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A Dynamics option set as an enum with one case per option, named from its label, and
    /// `unknown(Int32)` keeping values the metadata did not list.
    func translateOptionSet(_ set: DynamicsOptionSet, name: String) -> Declaration {
        var names = UniqueNames(reserved: ["unknown", "rawValue", "label", "init", "self", "Type", "Protocol", "hashValue", "none"])
        let cases = set.options.map { option -> (DynamicsOption, String) in
            let preferred = option.label.text.map(IdentifierNaming.lowerCamelCase) ?? ""
            let fallback = "value" + (option.value < 0 ? "Minus\(-Int64(option.value))" : "\(option.value)")
            let (caseName, _) = names.claim(preferred == "_" || preferred.isEmpty ? fallback : preferred, suffix: "Value")
            return (option, caseName)
        }
        let int32 = TypeName.named("Swift.Int32")
        var members: [Declaration] = cases.map { option, caseName in
            var text = DocumentationText()
            text.add(option.label.text)
            text.add(option.description.text)
            return .documented(text.documentation(remark: "Value \(option.value)."), .enumCase(EnumCaseDeclaration(name: caseName)))
        }
        members.append(.documented(Documentation(["A value the metadata did not list."]), .enumCase(EnumCaseDeclaration(name: "unknown", associatedTypes: [int32]))))
        let known = Expression.array(cases.map { .member(nil, $0.1) })
        members.append(.variable(VariableDeclaration(access: .private, modifiers: [.static], name: "known", type: .array(.named(name)), kind: .constant(known))))
        members += lookUpByRawValue(of: name, rawType: int32, failable: false, cases: .identifier("known"))
        members.append(.variable(VariableDeclaration(
            access: access, name: "rawValue", type: int32,
            kind: .computed(getter: [.expression(.switch(.identifier("self"),
                cases.map { option, caseName in
                    SwitchCase(patterns: [.enumCase(caseName, bindings: [])], body: [.expression(.literal(.integer(Int64(option.value))))])
                } + [SwitchCase(patterns: [.enumCase("unknown", bindings: ["value"])], body: [.expression(.identifier("value"))])]))], setter: nil))))
        members.append(.documented(Documentation(["The option's label in the language the metadata was read in; nil for unknown values."]), .variable(VariableDeclaration(
            access: access, name: "label", type: .optional(.named("Swift.String")),
            kind: .computed(getter: [.expression(.switch(.identifier("self"),
                cases.map { option, caseName in
                    SwitchCase(patterns: [.enumCase(caseName, bindings: [])], body: [.expression(option.label.text.map { .literal(.string($0)) } ?? .literal(.nil))])
                } + [SwitchCase(patterns: [.enumCase("unknown", bindings: [])], body: [.expression(.literal(.nil))])]))], setter: nil)))))
        var text = DocumentationText()
        text.add(set.displayName.text)
        text.add(set.description.text)
        let scope = set.isGlobal ? "global" : "local"
        let remark = "Generated from the \(scope) \(set.kind.lowercased()) option set\(set.name.map { " `\($0)`" } ?? "") (\(source(set.location)))."
        return .documented(text.documentation(remark: remark), .enum(NominalDeclaration(
            access: access, name: name, conformances: [.named("MobileSdk.OptionSetEnumeration"), .named("Swift.Sendable")], members: members)))
    }
}
