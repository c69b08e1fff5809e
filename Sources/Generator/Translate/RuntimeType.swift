import SwiftEmitter

/// The runtime's `PropertyType` for a mapped type, written as an expression (`.complex(Location.self)`, for
/// operation responses) or as a field of a property table (`complex #0`, see `PropertyMetadata.table`).
enum RuntimeType: Equatable {
    /// A case without a payload, by name: `int32`, `enumeration`, `optionSet`, `money` …
    case simple(String)
    /// A generated complex type.
    case complex(String)
    /// A generated entity class.
    case navigation(String)
    /// A Dynamics lookup and the entities it may refer to.
    case lookup([LookupTargetPlan])

    var expression: Expression {
        switch self {
        case .simple(let name):
            .member(nil, name)
        case .complex(let type):
            .call(.member(nil, "complex"), [Argument(.metatype(.named(type)))])
        case .navigation(let type):
            .call(.member(nil, "navigation"), [Argument(.metatype(.named(type)))])
        case .lookup(let targets):
            .call(.member(nil, "lookup"), [Argument(.array(targets.map { target in
                .call(.member(nil, "init"), [
                    Argument(.literal(.string(target.logicalName))),
                    Argument(label: "navigationProperty", .literal(.string(target.navigationProperty))),
                    Argument(label: "entitySetName", .literal(.string(target.entitySetName))),
                ])
            }))])
        }
    }
}

/// An entity a Dynamics lookup may refer to, and how OData v4 binds the lookup to one of its records.
struct LookupTargetPlan: Equatable {
    var logicalName: String
    var navigationProperty: String
    var entitySetName: String
}
