import Foundation
@testable import Generator
import MetadataReader
import Testing

/// The generator's `RuntimeContract` against the runtime it writes code for: the names it uses exist in `MobileSdk`'s
/// public symbols (its symbol graph), the member names it reserves cover every public member of the types generated
/// code extends, generated code using every contract name compiles, and no runtime name is written outside the
/// contract.
struct RuntimeContractTests {
    /// The runtime's public symbols: each as its path (`["Entity", "getValue(_:as:)"]`) and kind.
    static let symbols: [(path: [String], kind: String)]? = {
        guard let modules = SwiftCompiler.modules else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "symbolgraph-extract", "-module-name", "MobileSdk", "-I", modules.path,
                             "-target", hostTriple, "-minimum-access-level", "public", "-output-dir", folder.path]
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let data = FileManager.default.contents(atPath: folder.appendingPathComponent("MobileSdk.symbols.json").path),
              let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let symbols = graph["symbols"] as? [[String: Any]] else { return nil }
        return symbols.compactMap { symbol in
            guard let path = symbol["pathComponents"] as? [String],
                  let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String else { return nil }
            return (path, kind)
        }
    }()

    private static var hostTriple: String {
        #if arch(arm64)
        "aarch64-unknown-linux-gnu"
        #else
        "x86_64-unknown-linux-gnu"
        #endif
    }

    /// The base names of the public members of a runtime type (`getValue(_:as:)` → `getValue`), initializers,
    /// subscripts and operators left out.
    private func members(of type: String) throws -> Set<String> {
        let symbols = try #require(Self.symbols, "the symbol graph of the built MobileSdk module could not be extracted")
        let names = symbols.filter { $0.path.count == 2 && $0.path[0] == type }.map { String($0.path[1].prefix { $0 != "(" }) }
        return Set(names.filter { name in
            name != "init" && name != "subscript" && (name.first?.isLetter == true || name.first == "_")
        })
    }

    @Test func everyContractTypeIsAPublicTypeOfTheRuntime() throws {
        let symbols = try #require(Self.symbols, "the symbol graph of the built MobileSdk module could not be extracted")
        let types = Set(symbols.filter { $0.path.count == 1 && !$0.kind.hasPrefix("swift.func") && $0.kind != "swift.var" }.map { $0.path[0] })
        #expect(Set(RuntimeContract.runtimePublicTypes) == types)
        for type in RuntimeContract.TypeName.allCases { #expect(types.contains(type.rawValue), "\(type.rawValue)") }
        #expect(RuntimeContract.reservedTypeNames.isSuperset(of: types))
    }

    @Test func reservedMemberNamesCoverTheRuntimesMembers() throws {
        let entity = try members(of: "Entity").subtracting(RuntimeContract.shadowableEntityMembers)
        #expect(entity.subtracting(RuntimeContract.entityMembers).isEmpty, "\(entity.subtracting(RuntimeContract.entityMembers).sorted())")
        let complex = try members(of: "ComplexValue")
        #expect(complex.subtracting(RuntimeContract.complexMembers).isEmpty, "\(complex.subtracting(RuntimeContract.complexMembers).sorted())")
        let optionSet = try members(of: "OptionSetEnumeration")
        #expect(optionSet.subtracting(RuntimeContract.optionSetMembers).isEmpty, "\(optionSet.subtracting(RuntimeContract.optionSetMembers).sorted())")
        let enumeration = try members(of: "EdmEnumeration").union(members(of: "EdmFlagsEnumeration"))
        #expect(enumeration.subtracting(RuntimeContract.enumMembers).isEmpty, "\(enumeration.subtracting(RuntimeContract.enumMembers).sorted())")
        let request = try members(of: "ODataOperation")
        #expect(request.subtracting(RuntimeContract.requestMembers).isEmpty, "\(request.subtracting(RuntimeContract.requestMembers).sorted())")
        for property in RuntimeContract.ClassProperty.allCases {
            #expect(entity.contains(property.rawValue), "\(property.rawValue)")
        }
    }

    @Test func propertyKindsAreThePropertyTypeCases() throws {
        let cases = try members(of: "PropertyType")
        #expect(Set(RuntimeContract.PropertyKind.allCases.map(\.rawValue)) == cases)
    }

    @Test func everyMemberTheContractNamesExistsInTheRuntime() throws {
        let symbols = try #require(Self.symbols, "the symbol graph of the built MobileSdk module could not be extracted")
        var words = Set(symbols.compactMap(\.path.last).map { String($0.prefix { $0 != "(" }) })
        for path in symbols.compactMap(\.path.last) where path.contains("(") {
            words.formUnion(path.drop { $0 != "(" }.dropFirst().split(separator: ":").map(String.init))
        }
        for member in RuntimeContract.Member.allCases { #expect(words.contains(member.rawValue), "\(member.rawValue)") }
    }

    /// Generated code using every contract name compiles against the runtime (the underscored accessors are not in the
    /// symbol graph: this is their check).
    @Test func generatedCodeUsingEveryContractNameCompiles() throws {
        let documents = ["TripPin.xml", "Dataverse.WebApi.xml", "Dataverse.EntityMetadata.xml", "CRM2011.OrganizationData.xml"]
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../SampleMetadata")
        var files: [(name: String, contents: String)] = []
        for (index, set) in [Array(documents[0...0]), Array(documents[1...2]), Array(documents[3...3])].enumerated() {
            let result = MetadataLoader().load(set.map { folder.appendingPathComponent($0).standardized.path })
            #expect(!result.hasErrors)
            // Distinct type names across the three models, so that they compile as one module.
            let generated = Generator(configuration: GeneratorConfiguration(typePrefix: "M\(index)", registryName: "Registry\(index)")).generate(result.service)
            files += generated.files.map { (name: "\(index)-\($0.name)", contents: $0.contents) }
        }
        let untyped = """
            <edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="U" xmlns="http://docs.oasis-open.org/odata/ns/edm"><EntityType Name="Bag">
            <Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Anything" Type="Edm.Untyped"/></EntityType></Schema></edmx:DataServices></edmx:Edmx>
            """
        let result = MetadataLoader().load([.init(name: "Untyped.xml", bytes: Array(untyped.utf8))])
        let generated = Generator(configuration: GeneratorConfiguration(typePrefix: "M3", registryName: "Registry3")).generate(result.service)
        files += generated.files.map { (name: "3-\($0.name)", contents: $0.contents) }
        let text = files.map(\.contents).joined()
        var names = RuntimeContract.TypeName.allCases.map(\.qualified) + RuntimeContract.Accessor.allCases.map { $0.rawValue + "(" }
        names += RuntimeContract.ClassProperty.allCases.map(\.rawValue)
        for name in names { #expect(text.contains(name), "no generated file uses \(name)") }
        let output = try SwiftCompiler.typeCheck(files)
        #expect(output == nil, "\(output?.prefix(4000) ?? "")")
    }

    /// Runtime names reach generated code only through the contract: no other source file of the generator spells a
    /// runtime type or member name as a string literal.
    @Test func noRuntimeNameIsWrittenOutsideTheContract() throws {
        let symbols = try #require(Self.symbols, "the symbol graph of the built MobileSdk module could not be extracted")
        // The runtime's types, and the members of those generated code declares, conforms to or calls.
        let touched: Set<String> = [
            "Entity", "ComplexValue", "OptionSetEnumeration", "OptionTable", "EdmEnumeration", "EdmFlagsEnumeration",
            "ODataOperation", "OperationCall", "OperationResult", "OperationBinding", "OperationParameter", "PropertyMetadata",
            "PropertyType", "LookupTarget", "EntityRegistry", "ODataServiceClient", "EntitySetAccessor", "SingletonAccessor",
        ]
        var runtimeNames = Set(symbols.filter { $0.path.count == 2 && touched.contains($0.path[0]) }.map { String($0.path[1].prefix { $0 != "(" }) })
        runtimeNames.formUnion(symbols.filter { $0.path.count == 1 }.map(\.path[0]))
        runtimeNames.subtract(["init", "subscript"])
        // Names that only coincide with runtime names: locals and parameters of generated code, the suffix of renamed
        // members, and the Dynamics attribute type `Money`, which the generator reads from metadata.
        let ownNames: Set<String> = ["type", "result", "value", "name", "newValue", "rawValue", "registry", "Value", "Money"]
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Sources/Generator").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Contract/") }
        #expect(files.count > 10)
        let literal = try Regex(#""([A-Za-z_][A-Za-z0-9_.]*)""#)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: literal) {
                let word = String(text[match.range].dropFirst().dropLast())
                if word.hasPrefix("MobileSdk") || (runtimeNames.contains(word) && !ownNames.contains(word)) { found.append("\(file): \(word)") }
            }
        }
        #expect(found.isEmpty, "runtime names outside RuntimeContract: \(found)")
    }
}
