@testable import Generator
import GeneratorPipeline
import SwiftEmitter
import Testing

/// The two layouts hold the same declarations: a file per type named after it, or the build plugin's numbered shards.
struct OutputLayoutTests {
    static let tripPin = GoldenFileTests.root.appendingPathComponent("SampleMetadata/TripPin.xml").path

    func translated() throws -> TranslatedModel {
        let result = Pipeline().parse(.files([Self.tripPin]))
        #expect(!result.hasErrors)
        return Pipeline().translate(result)
    }

    /// A file's text after its header, imports and runtime check: the declarations it holds.
    func declarations(_ contents: String) throws -> String {
        let marker = "MobileSdkRuntimeVersion1 {}\n\n"
        let range = try #require(contents.range(of: marker), "no runtime check in \(contents.prefix(300))")
        return String(contents[range.upperBound...])
    }

    @Test func aFileForEachTypeNamedAfterIt() throws {
        let model = try translated()
        let files = Pipeline(layout: .typeFiles).render(model).files
        #expect(files.map(\.name) == ["GeneratedEntities.swift"] + model.types.map { $0.name + ".swift" })
        #expect(files.contains { $0.name == "Person.swift" && $0.contents.contains("open class Person: ") })
        for file in files {
            #expect(file.contents.hasPrefix("// " + ModelTranslator.header + "\n"))
            #expect(try !declarations(file.contents).isEmpty, "\(file.name) holds nothing")
        }
    }

    @Test func theRegistrysFileHasItsConfiguredName() throws {
        let pipeline = Pipeline(configuration: GeneratorConfiguration(registryName: "Person"))
        let files = try #require(pipeline.run(.files([Self.tripPin])).sources).files.map(\.name)
        // No type takes the registry's name: the entity Person is generated under another.
        #expect(files.first == "Person.swift")
        #expect(files.filter { $0 == "Person.swift" }.count == 1)
    }

    @Test(arguments: [1, 3, 64]) func shardsHoldTheSameDeclarations(count: Int) throws {
        let model = try translated()
        let typeFiles = Pipeline(layout: .typeFiles).render(model).files
        let shards = Pipeline(layout: .shards(count)).render(model).files
        #expect(shards.map(\.name) == ShardLayout.fileNames(count: count))
        #expect(try declarations(shards[0].contents) == declarations(typeFiles[0].contents), "the registry differs")
        var shardTexts = try shards.dropFirst()
            .map { shard in
                shard.contents.contains(ModelTranslator.emptyShardNote) ? "" : try declarations(shard.contents)
            }
        for (type, file) in zip(model.types, typeFiles.dropFirst()) {
            let shard = ShardLayout.shard(of: type.name, count: count)
            let text = try declarations(file.contents)
            let range = try #require(shardTexts[shard].range(of: text), "\(type.name) is not in shard \(shard)")
            shardTexts[shard].removeSubrange(range)
        }
        // Nothing but the blank lines between declarations is left: every declaration is in exactly one shard.
        #expect(shardTexts.allSatisfy { $0.allSatisfy(\.isNewline) })
    }
}

/// A large model's types go into a file per initial, each file small enough and named by the initial.
struct TypeFileLayoutTests {
    @Test func aSmallModelGetsAFilePerType() {
        let names = (0..<TypeFileLayout.maximumTypeFiles).map { "Type\($0)" }
        #expect(TypeFileLayout.fileNames(for: names) == names.map { $0 + ".swift" })
    }

    @Test func aLargeModelGetsAFilePerInitial() throws {
        // 300 types: 250 behind one prefix (as a type prefix makes them), 49 others, one named by its initial alone.
        let names =
            (0..<250).map { "Msg\($0 % 7)Item\($0)" } + (0..<49).map { "\(["Alpha", "beta", "Gamma"][$0 % 3])\($0)" }
            + ["B"]
        let files = TypeFileLayout.fileNames(for: names)
        #expect(files.count == names.count)
        // Each file holds at most maximumGroupSize types, and its name is an initial of each of its types.
        for (file, count) in Dictionary(files.map { ($0, 1) }, uniquingKeysWith: +) {
            #expect(count <= TypeFileLayout.maximumGroupSize, "\(file) holds \(count) types")
        }
        for (name, file) in zip(names, files) {
            let initial = try #require(file.split(separator: "-").last?.dropLast(".swift".count))
            #expect(name.uppercased().hasPrefix(initial), "\(name) is in \(file)")
        }
        #expect(files[names.firstIndex(of: "beta1") ?? 0] == "Types-B.swift")
        #expect(files.last == "Types-B.swift")
        // Initials are uppercased: no two files differ only in case.
        let distinct = Set(files)
        #expect(Set(distinct.map { $0.lowercased() }).count == distinct.count)
    }
}

/// A class's final properties live in an extension beside it, and a class too large for one file continues in
/// extensions laid out as types of their own; a file of an initial is split by its members' count as well as its
/// types'.
struct LargeTypeTests {
    static func property(_ name: String, _ modifiers: [Modifier]) -> Declaration {
        .documented(
            Documentation(["The \(name)."]),
            .variable(
                VariableDeclaration(
                    access: .public,
                    modifiers: modifiers,
                    name: name,
                    type: .named("Swift.Int"),
                    kind: .computed(getter: [.expression(.identifier("0"))], setter: nil)
                )
            )
        )
    }

    static let large: (name: String, declaration: Declaration) = (
        "Big",
        .class(
            ClassDeclaration(
                access: .open,
                name: "Big",
                members: [property("inherited", [.override])] + (1...5).map { property("p\($0)", [.final]) }
            )
        )
    )

    @Test func finalPropertiesMoveIntoExtensions() throws {
        let small = Declaration.enum(NominalDeclaration(access: .public, name: "Small"))
        let parts = LargeTypeParts.split([Self.large, ("Small", small)], limit: 2)
        #expect(parts.map(\.name) == ["Big", "Big+2", "Big+3", "Small"])
        #expect(parts.map(\.declarations.count) == [2, 1, 1, 1])
        guard case .class(let body) = parts[0].declarations.first,
            case .extension(let first) = parts[0].declarations.last,
            case .extension(let second) = parts[1].declarations.first,
            case .extension(let third) = parts[2].declarations.first
        else {
            Issue.record("not a class and three extensions: \(parts)")
            return
        }
        // The override stays in the class (an extension cannot override); the final properties leave its body, so
        // that a new column changes an extension and not the body whose fingerprint every user of the class's name
        // depends on. The first two stay in the class's file, beside it.
        #expect(body.members == [Self.property("inherited", [.override])])
        #expect(first.extendedType == .named("Big"))
        #expect(first.members == [Self.property("p1", [.final]), Self.property("p2", [.final])])
        #expect(second.extendedType == .named("Big"))
        #expect(second.members == [Self.property("p3", [.final]), Self.property("p4", [.final])])
        #expect(third.members == [Self.property("p5", [.final])])
        // At the limit no part of its own is needed; the class and its extension stay one entry.
        let whole = LargeTypeParts.split([Self.large], limit: 5)
        #expect(whole.map(\.name) == ["Big"])
        #expect(whole.first?.declarations.count == 2)
        // A class without final properties is left as it is.
        let bare = Declaration.class(ClassDeclaration(access: .open, name: "Bare", members: []))
        #expect(LargeTypeParts.split([("Bare", bare)]).map(\.declarations) == [[bare]])
    }

    @Test func aFileOfAnInitialIsSplitByItsMembers() {
        // 251 types (more than get a file each): 150 of initial A, few enough for one file by count, not by weight.
        let names = (0..<150).map { "A\(["x", "y"][$0 % 2])\($0)" } + (0..<101).map { "B\($0)" }
        #expect(Set(TypeFileLayout.fileNames(for: names)) == ["Types-A.swift", "Types-B.swift"])
        let heavy = TypeFileLayout.fileNames(for: names, weights: names.map { $0.hasPrefix("A") ? 11 : 1 })
        #expect(Set(heavy) == ["Types-AX.swift", "Types-AY.swift", "Types-B.swift"])
    }
}
