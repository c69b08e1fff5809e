import SwiftEmitter

/// Keeps a very large class out of a single file: beyond `membersPerPart` final computed properties (a Dataverse
/// `systemuser` has a collection navigation property for every table's owner, creator and modifier, 2,500 in an
/// organization of 800 tables, 23,000 lines in one class), the rest move into extensions of the class, each of at
/// most `membersPerPart`, which the layouts treat as types of their own named `Class+2`, `Class+3`… (a file each, or a
/// shard each by the hash of that name). Only `final` computed instance properties move: an extension cannot hold
/// stored properties, and its members cannot be overridden. Smaller types are left as they are.
enum LargeTypeParts {
    /// The most movable members a class body or one of its extensions holds: about 8,000 lines.
    static let membersPerPart = 1_000

    /// `types` with each class of more than `limit` movable members followed by the extensions that take the rest.
    static func split(_ types: [(name: String, declaration: Declaration)], limit: Int = membersPerPart) -> [(
        name: String, declaration: Declaration
    )] {
        var result: [(name: String, declaration: Declaration)] = []
        for type in types {
            guard var declaration = ClassParts(type.declaration), declaration.members.count(where: isMovable) > limit
            else {
                result.append(type)
                continue
            }
            var kept: [Declaration] = []
            var moved: [Declaration] = []
            var movable = 0
            for member in declaration.members {
                if isMovable(member) {
                    movable += 1
                    if movable > limit {
                        moved.append(member)
                        continue
                    }
                }
                kept.append(member)
            }
            declaration.members = kept
            result.append((type.name, declaration.declaration))
            for (index, start) in stride(from: 0, to: moved.count, by: limit).enumerated() {
                let members = Array(moved[start..<min(start + limit, moved.count)])
                let part = ExtensionDeclaration(extendedType: .named(declaration.name), members: members)
                result.append(("\(type.name)+\(index + 2)", .extension(part)))
            }
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
