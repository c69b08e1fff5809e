import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A Dynamics option set as an enum with one case per option, named from its label, and `unknown(Int32)` keeping
    /// values the metadata did not list. Each option's value and label are written once, in `options`, from which the
    /// runtime derives `rawValue`, `label` and `allCases`.
    ///
    /// `renameKeys` are the names `enumCases` renames know the option set by (its name, `entity.attribute`); an
    /// option is renamed by its value.
    func translateOptionSet(_ set: DynamicsOptionSet, name: String, renameKeys: [String] = []) -> Declaration {
        var names = UniqueNames(reserved: RuntimeContract.optionSetMembers)
        let renamed = claimRenamedMembers(
            owners: renameKeys,
            members: set.options.map { (["\($0.value)"], "option \($0.value) of option set \(name)") },
            enumCases: true,
            in: name,
            names: &names
        )
        let cases = set.options.map { option -> (DynamicsOption, String) in
            let preferred = option.label.text.map(IdentifierNaming.lowerCamelCase) ?? ""
            let fallback = "value" + (option.value < 0 ? "Minus\(-Int64(option.value))" : "\(option.value)")
            if let renamed = renamed["\(option.value)"] { return (option, renamed) }
            let (caseName, _) = names.claim(
                preferred == "_" || preferred.isEmpty ? fallback : preferred,
                suffix: "Value"
            )
            return (option, caseName)
        }
        var members: [Declaration] = cases.map { option, caseName in
            let declaration = Declaration.enumCase(EnumCaseDeclaration(name: caseName))
            guard let description = option.description.text, !description.isEmpty else { return declaration }
            var text = DocumentationText()
            text.add(description)
            return .documented(Documentation(text.paragraphs), declaration)
        }
        let unknown = RuntimeContract.Member.unknown.rawValue
        members.append(
            .documented(
                Documentation(["A value the metadata did not list."]),
                .enumCase(EnumCaseDeclaration(name: unknown, associatedTypes: [.named("Swift.Int32")]))
            )
        )
        let languages = labelColumns(set.options.map(\.label), at: set.location)
            .flatMap { $0.isMultilingual ? $0 : nil }
        let tableType = { (option: TypeName) in
            TypeName.generic(RuntimeContract.TypeName.optionTable.qualified, [option])
        }
        // The labels as one string literal: a tuple of a case, a value and an array of labels per option took about
        // a third of an option set's debug compile time, four times what the literal takes (issue #41).
        let tableText = OptionTableText(
            languages: languages?.tags,
            options: zip(cases, languages?.texts ?? cases.map { [$0.0.label.text] })
                .map { entry, labels in (entry.0.value, labels) }
        )
        let table = Expression.call(
            .typeReference(tableType(.selfType)),
            [
                Argument(label: RuntimeContract.Member.text.rawValue, .literal(.lines(tableText.lines))),
                Argument(label: RuntimeContract.Member.cases.rawValue, .array(cases.map { .member(nil, $0.1) })),
            ]
        )
        members.append(
            .documented(
                Documentation([
                    languages == nil
                        ? "Each option's value and label."
                        : "Each option's value and its label in each of the metadata's languages."
                ]),
                .variable(
                    VariableDeclaration(
                        access: access,
                        modifiers: [.static],
                        name: RuntimeContract.Member.options.rawValue,
                        type: tableType(.named(name)),
                        kind: .constant(.call(.identifier(RuntimeContract.optionTableFunction), []))
                    )
                )
            )
        )
        // Built in a function: the compiler's module-emitting job, which runs again after any change to the module,
        // skips function bodies but type-checks and lowers every stored property's initializer (issue #41).
        members.append(
            .function(
                FunctionDeclaration(
                    access: .private,
                    modifiers: [.static],
                    kind: .function(name: RuntimeContract.optionTableFunction),
                    returnType: tableType(.selfType),
                    body: [.expression(table)]
                )
            )
        )
        var text = DocumentationText()
        text.add(set.displayName.text)
        text.add(set.description.text)
        let scope = set.isGlobal ? "global" : "local"
        let remark =
            "Generated from the \(scope) \(set.kind.lowercased()) option set\(set.name.map { " `\($0)`" } ?? "")."
        return .documented(
            text.documentation(remark: remark),
            .enum(
                NominalDeclaration(
                    access: access,
                    name: name,
                    conformances: [RuntimeContract.TypeName.optionSetEnumeration.type],
                    members: members
                )
            )
        )
    }
}
