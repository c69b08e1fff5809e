import SwiftEmitter

/// The runtime's `PropertyType` for a mapped type, written as an expression (`.complex(Location.self)`, for
/// operation responses) or as a field of a property table (`complex #0`, see `PropertyMetadata.table`).
enum RuntimeType: Equatable {
    /// A case without a payload: `int32`, `enumeration`, `optionSet`, `money` …
    case simple(RuntimeContract.PropertyKind)
    /// A generated complex type.
    case complex(String)
    /// A generated entity class.
    case navigation(String)
    /// A Dynamics lookup and the entities it may refer to.
    case lookup([LookupTargetPlan])

    /// The case's name in the runtime's `PropertyType`.
    var kind: RuntimeContract.PropertyKind {
        switch self {
        case .simple(let kind): kind
        case .complex: .complex
        case .navigation: .navigation
        case .lookup: .lookup
        }
    }

    var expression: Expression {
        switch self {
        case .simple(let kind): .member(nil, kind.rawValue)
        case .complex(let type), .navigation(let type):
            .call(.member(nil, kind.rawValue), [Argument(.metatype(.named(type)))])
        case .lookup(let targets):
            .call(
                .member(nil, kind.rawValue),
                [
                    Argument(
                        .array(
                            targets.map { target in
                                .call(
                                    .member(nil, "init"),
                                    [
                                        Argument(.literal(.string(target.logicalName))),
                                        Argument(
                                            label: RuntimeContract.Member.navigationProperty.rawValue,
                                            .literal(.string(target.navigationProperty))
                                        ),
                                        Argument(
                                            label: RuntimeContract.Member.entitySetName.rawValue,
                                            .literal(.string(target.entitySetName))
                                        ),
                                    ]
                                )
                            }
                        )
                    )
                ]
            )
        }
    }
}

/// An entity a Dynamics lookup may refer to, and how OData v4 binds the lookup to one of its records.
struct LookupTargetPlan: Equatable {
    var logicalName: String
    var navigationProperty: String
    var entitySetName: String
}
