import SwiftEmitter

/// Keeps a class's typed properties out of its body, and a very large class out of a single file.
///
/// Swift's incremental build recompiles every file that names a class when the class's body changes (the body's
/// fingerprint stands for the type's name), but not when only an extension of it changes. An organization's tables
/// gain columns, and navigation properties name their target class in every file of the model (a customer or
/// regarding lookup to `Account` in almost every shard): with the properties in the body, one new column recompiled
/// most of the model. So a class's body keeps what cannot move — its overrides, stored properties and initializers —
/// and its final computed properties move into an extension declared right after it, in the same file; a change of
/// columns then changes the extension and the bodies of the overriding class properties (which fingerprints leave
/// out), and only files that look members of the class up recompile.
///
/// Beyond `membersPerPart` final computed properties (a Dataverse `systemuser` has a collection navigation property
/// for every table's owner, creator and modifier, 2,500 in an organization of 800 tables, 23,000 lines in one class),
/// the rest move into further extensions of the class, each of at most `membersPerPart`, which the layouts treat as
/// types of their own named `Class+2`, `Class+3`… (a file each, or a shard each by the hash of that name). Only
/// `final` computed instance properties move: an extension cannot hold stored properties, and its members cannot be
/// overridden. Other types are left as they are.
enum LargeTypeParts {
    /// The most movable members one extension holds: about 8,000 lines.
    static let membersPerPart = 1_000

    /// `types` with each class's movable members in extensions: up to `limit` of them in one laid out with the class
    /// (the entry's second declaration), the rest in parts of at most `limit` named `Class+2`, `Class+3`…
    static func split(_ types: [(name: String, declaration: Declaration)], limit: Int = membersPerPart) -> [(
        name: String, declarations: [Declaration]
    )] {
        var result: [(name: String, declarations: [Declaration])] = []
        for type in types {
            guard var declaration = ClassParts(type.declaration), declaration.members.contains(where: isMovable) else {
                result.append((type.name, [type.declaration]))
                continue
            }
            let moved = declaration.members.filter(isMovable)
            declaration.members.removeAll(where: isMovable)
            let parts = stride(from: 0, to: moved.count, by: max(limit, 1))
                .map { start in
                    Declaration.extension(
                        ExtensionDeclaration(
                            extendedType: .named(declaration.name),
                            members: Array(moved[start..<min(start + max(limit, 1), moved.count)])
                        )
                    )
                }
            result.append((type.name, [declaration.declaration] + parts.prefix(1)))
            for (index, part) in parts.dropFirst().enumerated() { result.append(("\(type.name)+\(index + 2)", [part])) }
        }
        return result
    }

    /// Whether `member` may live in an extension: a `final` computed instance property.
    static func isMovable(_ member: Declaration) -> Bool {
        switch member {
        case .documented(_, let inner): return isMovable(inner)
        case .variable(let variable):
            guard case .computed = variable.kind else { return false }
            return variable.modifiers.contains(.final) && !variable.modifiers.contains(.static)
                && !variable.modifiers.contains(.class) && !variable.modifiers.contains(.override)
        default: return false
        }
    }

    /// A class declaration, documented or not, with its members open to change.
    private struct ClassParts {
        var documentation: Documentation?
        var body: ClassDeclaration

        init?(_ declaration: Declaration) {
            switch declaration {
            case .class(let body): self.body = body
            case .documented(let documentation, .class(let body)):
                self.documentation = documentation
                self.body = body
            default: return nil
            }
        }

        var name: String { body.name }
        var members: [Declaration] {
            get { body.members }
            set { body.members = newValue }
        }
        var declaration: Declaration { documentation.map { .documented($0, .class(body)) } ?? .class(body) }
    }
}
