import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// A CSDL enum type: a Swift enum with its members' names listed once, in `memberNames` (the runtime pairs them
    /// with the synthesized `allCases`: a synthesized `String` raw value would compile to a switch per enum, and a list
    /// of `(case, name)` pairs type-checks slowly for enums of hundreds of members), or for `IsFlags` an `OptionSet`
    /// whose members' names and values are listed once, in `memberNames`.
    func translateEnumType(_ qualified: QualifiedName, _ type: EnumType) -> Declaration {
        let name = typeNames.name(of: qualified) ?? type.name
        var names = UniqueNames(reserved: RuntimeContract.enumMembers)
        var seen: Set<String> = []
        let uniqueMembers = type.members.filter { member in
            if seen.insert(member.name).inserted { return true }
            warning(
                "enum member \(type.name).\(member.name) is declared twice; the later one is not generated",
                at: member.location
            )
            return false
        }
        let renamed = claimRenamedMembers(
            owners: [type.name, qualified.description],
            members: uniqueMembers.map { ([$0.name], "enum member \(qualified)/\($0.name)") },
            enumCases: true,
            in: name,
            names: &names
        )
        let cases = uniqueMembers.map { member -> (EnumType.Member, String) in
            let preferred = IdentifierNaming.lowerCamelCase(member.name)
            let (caseName, changed) =
                renamed[member.name].map { ($0, false) } ?? names.claim(preferred, suffix: "Value")
            if changed {
                note(
                    "enum member \(type.name).\(member.name) is generated as '\(caseName)': '\(preferred)' is taken",
                    at: member.location
                )
            }
            return (member, caseName)
        }
        let documentation = type.documentationText.documentation(remark: "Generated from enum type `\(qualified)`.")
        guard type.isFlags else {
            var declarations = cases.map { member, caseName -> Declaration in
                let declaration = Declaration.enumCase(EnumCaseDeclaration(name: caseName))
                return member.coreDescription == nil
                    ? declaration
                    : .documented(member.documentationText.documentation(remark: "Value \(member.value)."), declaration)
            }
            declarations.append(edmTypeName(qualified))
            declarations.append(
                .documented(
                    Documentation(["Each member's name in the metadata, in the order of the cases."]),
                    .variable(
                        VariableDeclaration(
                            access: access,
                            modifiers: [.static],
                            name: RuntimeContract.Member.memberNames.rawValue,
                            type: .array(.named("Swift.String")),
                            kind: .computed(
                                getter: [.expression(.arrayLines(cases.map { .literal(.string($0.0.name)) }))],
                                setter: nil
                            )
                        )
                    )
                )
            )
            return .documented(
                documentation,
                .enum(
                    NominalDeclaration(
                        access: access,
                        name: name,
                        conformances: [RuntimeContract.TypeName.edmEnumeration.type],
                        members: declarations
                    )
                )
            )
        }
        let int64 = TypeName.named("Swift.Int64")
        var members: [Declaration] = [
            .variable(VariableDeclaration(access: access, name: "rawValue", type: int64, kind: .stored(nil))),
            .function(
                FunctionDeclaration(
                    access: access,
                    kind: .initializer(failable: false),
                    parameters: [.init(name: "rawValue", type: int64)],
                    body: [.assignment(.member(.selfReference, "rawValue"), .identifier("rawValue"))]
                )
            ),
        ]
        for (member, caseName) in cases {
            // The empty set is written `[]`: `Feature(rawValue: 0)` draws a compiler warning.
            let value: Expression =
                member.value == 0
                ? .array([]) : .call(.identifier(name), [Argument(label: "rawValue", .literal(.integer(member.value)))])
            members.append(
                .variable(
                    VariableDeclaration(
                        access: access,
                        modifiers: [.static],
                        name: caseName,
                        type: .named(name),
                        kind: .constant(value)
                    )
                )
            )
        }
        members.append(edmTypeName(qualified))
        members.append(
            .variable(
                VariableDeclaration(
                    access: access,
                    modifiers: [.static],
                    name: RuntimeContract.Member.memberNames.rawValue,
                    type: .named("[(name: Swift.String, value: Swift.Int64)]"),
                    kind: .constant(
                        .arrayLines(
                            cases.map { member, caseName in
                                .tuple([.literal(.string(member.name)), .member(.identifier(caseName), "rawValue")])
                            }
                        )
                    )
                )
            )
        )
        return .documented(
            documentation,
            .struct(
                NominalDeclaration(
                    access: access,
                    name: name,
                    conformances: [RuntimeContract.TypeName.edmFlagsEnumeration.type],
                    members: members
                )
            )
        )
    }

    /// `static var edmTypeName: String? { "Ns.Name" }`, for OData 4.0 literals such as `Ns.Name'Member'`.
    private func edmTypeName(_ qualified: QualifiedName) -> Declaration {
        .variable(
            VariableDeclaration(
                access: access,
                modifiers: [.static],
                name: RuntimeContract.Member.edmTypeName.rawValue,
                type: .optional(.named("Swift.String")),
                kind: .computed(getter: [.expression(.literal(.string(qualified.description)))], setter: nil)
            )
        )
    }
}
