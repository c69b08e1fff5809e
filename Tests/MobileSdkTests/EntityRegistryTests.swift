import Foundation
import MobileSdk
import Testing

/// Lookup of generated classes and early binding.
struct EntityRegistryTests {
    func registry() -> EntityRegistry {
        let registry = EntityRegistry()
        registry.register(Account.self)
        registry.register(Contact.self)
        return registry
    }

    @Test func lookup() {
        let registry = registry()
        #expect(registry.type(forLogicalName: "account") == Account.self)
        #expect(registry.type(forLogicalName: "contact") == Contact.self)
        #expect(registry.type(forLogicalName: "lead") == nil)
        #expect(registry.type(forQualifiedName: "Microsoft.Dynamics.CRM.account") == Account.self)
        #expect(registry.type(forQualifiedName: "Microsoft.Dynamics.CRM.contact") == nil)
        #expect(registry.registeredLogicalNames == ["account", "contact"])
    }

    @Test func plainEntityIsNotRegistered() {
        let registry = EntityRegistry()
        registry.register(Entity.self)
        #expect(registry.registeredLogicalNames.isEmpty)
    }

    @Test func earlyBound() throws {
        let registry = registry()
        let id = UUID()
        let lateBound = Entity(logicalName: "account", id: id)
        lateBound["name"] = .string("Contoso")

        let account = try #require(registry.earlyBound(lateBound) as? Account)
        #expect(account.recordId == id)
        #expect(account.name == "Contoso")

        let lead = Entity(logicalName: "lead")
        #expect(registry.earlyBound(lead) === lead)
        #expect(registry.earlyBound(account) === account)
    }

    @Test func concurrentUse() async {
        let registry = EntityRegistry()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { registry.register(Account.self) }
                group.addTask { _ = registry.type(forLogicalName: "account") }
                group.addTask { registry.register(Contact.self) }
            }
        }
        #expect(registry.registeredLogicalNames == ["account", "contact"])
    }
}
