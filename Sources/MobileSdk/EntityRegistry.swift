import Foundation

/// Maps logical names and OData qualified type names to generated classes; generated code registers its classes.
/// Safe to use from any thread.
public final class EntityRegistry: @unchecked Sendable {
    /// The registry that generated code fills.
    public static let shared = EntityRegistry()

    private let lock = NSLock()
    private var byLogicalName: [String: Entity.Type] = [:]
    private var byQualifiedName: [String: Entity.Type] = [:]

    /// An empty registry.
    public init() {}

    /// Registers a class under its logical name (when not empty) and qualified name (when present), replacing
    /// any class registered under the same name.
    public func register(_ type: Entity.Type) {
        locked {
            if !type.entityLogicalName.isEmpty { byLogicalName[type.entityLogicalName] = type }
            if let qualifiedName = type.entityQualifiedName { byQualifiedName[qualifiedName] = type }
        }
    }

    /// The class registered for a logical name such as `"account"`.
    public func type(forLogicalName name: String) -> Entity.Type? { locked { byLogicalName[name] } }

    /// The class registered for a qualified name such as `"Microsoft.Dynamics.CRM.account"`.
    public func type(forQualifiedName name: String) -> Entity.Type? { locked { byQualifiedName[name] } }

    /// The early-bound form of a late-bound entity (a plain `Entity`) when a class is registered for its logical
    /// name; otherwise the entity itself.
    public func earlyBound(_ entity: Entity) -> Entity {
        guard Swift.type(of: entity) == Entity.self, let type = type(forLogicalName: entity.logicalName) else {
            return entity
        }
        return (try? entity.toEntity(type)) ?? entity
    }

    /// The logical names that have a class, sorted.
    public var registeredLogicalNames: [String] { locked { byLogicalName.keys.sorted() } }

    /// Runs `body` holding the lock (`NSLocking.withLock` needs macOS 14 / iOS 17 on Apple platforms).
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
