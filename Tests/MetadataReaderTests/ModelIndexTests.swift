import MetadataModel
import Testing

/// The one index of a service: lineages that are finite and agree, whatever the base types say.
struct ModelIndexTests {
    private func service(_ types: [(name: String, base: String?)]) -> Service {
        var schema = Schema(namespace: "N", location: .file("test"))
        schema.entityTypes = types.map { name, base in
            var type = EntityType(name: name, location: .file("test"))
            type.baseType = base.map { QualifiedName(namespace: "N", name: $0) }
            return type
        }
        return Service(schemas: [schema])
    }

    private func name(_ name: String) -> QualifiedName { QualifiedName(namespace: "N", name: name) }

    @Test func lineagesFollowDeclaredBasesNearestFirst() {
        let index = ModelIndex(service([("C", "B"), ("B", "A"), ("A", nil), ("D", "Elsewhere")]))
        #expect(index.lineage(of: name("C")) == [name("C"), name("B"), name("A")])
        #expect(index.depth(of: name("C")) == 2)
        #expect(index.derivedTypes(of: name("A")) == [name("B")])
        // A base type the service does not declare ends the lineage, and counts in the ancestry and the depth.
        #expect(index.lineage(of: name("D")) == [name("D")])
        #expect(index.ancestry(of: name("D")) == [name("D"), name("Elsewhere")])
        #expect(index.depth(of: name("D")) == 1)
    }

    @Test func aCycleIsNotFollowedAndLineagesAgree() {
        let index = ModelIndex(service([("A", "B"), ("B", "C"), ("C", "A"), ("S", "S")]))
        // The link that would close the cycle, the last in document order, is not followed.
        #expect(index.lineage(of: name("A")) == [name("A"), name("B"), name("C")])
        #expect(index.lineage(of: name("C")) == [name("C")])
        #expect(index.lineage(of: name("S")) == [name("S")])
        #expect(index.depth(of: name("A")) == 2)
    }

    /// 20,000 types in one chain, each declared before its base: built in one pass, not one walk per type.
    @Test(.timeLimit(.minutes(1))) func aLongChainDeclaredBackwardsIsIndexedQuickly() {
        let count = 20_000
        let types = (0..<count).map { ("T\($0)", $0 + 1 < count ? "T\($0 + 1)" : nil) }
        let index = ModelIndex(service(types.map { (name: $0.0, base: $0.1) }))
        #expect(index.depth(of: name("T0")) == count - 1)
        #expect(index.depth(of: name("T\(count - 1)")) == 0)
    }
}
