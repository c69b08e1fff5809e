import Foundation
@testable import Generator
import GeneratorPipeline
import TestSupport
import Testing

/// The generator's `RuntimeContract` against the runtime it writes code for: the names it uses exist in `MobileSdk`'s
/// public symbols (its symbol graph), the member names it reserves cover every public member of the types generated
/// code extends, generated code using every contract name compiles, and no runtime name is written outside the
/// contract.
struct RuntimeContractTests {
    /// The runtime's symbol graph, with the declarations of its `@_spi(Generated)` group: generated code imports it
    /// with that group, so they are part of what it may call.
    static let graph = SymbolGraph.extract(
        module: RuntimeContract.module,
        modules: RuntimeModules.folder,
        includingSPI: true
    )

    /// The members each runtime type of `RuntimeContract.inheritingTypes` hands on, derived from the symbol graphs of
    /// the runtime and of the modules its protocols come from; nil when one cannot be extracted.
    static let derivedMembers: [RuntimeContract.TypeName: Set<String>]? = {
        guard let graph else { return nil }
        var inherited = InheritedMembers(runtime: graph, module: RuntimeContract.module, modules: RuntimeModules.folder)
        var members: [RuntimeContract.TypeName: Set<String>] = [:]
        for type in RuntimeContract.inheritingTypes {
            guard let names = inherited.names(of: type.rawValue, in: RuntimeContract.module) else { return nil }
            members[type] = names
        }
        return members
    }()

    /// The runtime's public symbols: each as its path (`["Entity", "getValue(_:as:)"]`) and kind.
    static let symbols: [(path: [String], kind: String)]? = graph.map { $0.symbols.values.map { ($0.path, $0.kind) } }

    /// The base names of the public members of a runtime type (`getValue(_:as:)` → `getValue`), initializers,
    /// subscripts and operators left out.
    private func members(of type: String) throws -> Set<String> {
        let symbols = try #require(
            Self.symbols,
            "the symbol graph of the built MobileSdk module could not be extracted"
        )
        let names = symbols.filter { $0.path.count == 2 && $0.path[0] == type }
            .map { String($0.path[1].prefix { $0 != "(" }) }
        return Set(
            names.filter { name in
                name != "init" && name != "subscript" && (name.first?.isLetter == true || name.first == "_")
            }
        )
    }

    @Test func everyContractTypeIsAPublicTypeOfTheRuntime() throws {
        let symbols = try #require(
            Self.symbols,
            "the symbol graph of the built MobileSdk module could not be extracted"
        )
        let types = Set(
            symbols.filter { $0.path.count == 1 && !$0.kind.hasPrefix("swift.func") && $0.kind != "swift.var" }
                .map { $0.path[0] }
        )
        #expect(Set(RuntimeContract.runtimePublicTypes) == types)
        for type in RuntimeContract.TypeName.allCases { #expect(types.contains(type.rawValue), "\(type.rawValue)") }
        #expect(RuntimeContract.reservedTypeNames.isSuperset(of: types))
    }

    /// `RuntimeMembers.swift` is what the symbol graph says today: the members each runtime type hands on, those of
    /// its protocols and protocol extensions included. `MOBILESDK_UPDATE_RUNTIME_MEMBERS=1` (scripts/
    /// update-runtime-members.sh) writes the file instead of comparing.
    @Test func inheritedMembersAreTheSymbolGraphs() throws {
        let derived = try #require(Self.derivedMembers, "the runtime's members could not be derived from symbol graphs")
        let members = RuntimeContract.inheritingTypes.map { (type: $0, names: derived[$0] ?? []) }
        let text = Self.runtimeMembersFile(members)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/Generator/Contract/RuntimeMembers.swift").standardized
        if ProcessInfo.processInfo.environment["MOBILESDK_UPDATE_RUNTIME_MEMBERS"] == "1" {
            try Data(text.utf8).write(to: file)
        }
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == text, "RuntimeMembers.swift is out of date: run scripts/update-runtime-members.sh")
        // What the hand-written list missed: members a conformance brings without a declaration in the runtime.
        let entity = members.first { $0.type == .entity }?.names ?? []
        #expect(entity.isSuperset(of: ["hashValue", "hash", "debugDescription", "id"]))
    }

    /// `RuntimeMembers.swift` for these members, sorted, in lines of at most 120 characters.
    static func runtimeMembersFile(_ members: [(type: RuntimeContract.TypeName, names: Set<String>)]) -> String {
        // The formatter keeps away from it: the script's layout is the file's.
        var lines = [
            "// swift-format-ignore-file",
            "// Written by scripts/update-runtime-members.sh from the symbol graph of the MobileSdk runtime: "
                + "do not edit.", "// RuntimeContractTests fails when the runtime's members and this file disagree.",
            "", "extension RuntimeContract {",
            "    /// The public member names each runtime type hands on to the generated types that subclass it or "
                + "conform",
            "    /// to it: its own, those of protocol extensions, and every requirement and extension member of the",
            "    /// protocols it conforms to, standard-library ones included (`Hashable.hashValue`), as base names",
            "    /// (`hash(into:)` → `hash`).", "    static let inheritedMembers: [TypeName: Set<String>] = [",
        ]
        for (type, names) in members {
            lines.append("        .\(type): [")
            var line = "           "
            for name in names.sorted() {
                let item = " \"\(name)\","
                if line.count + item.count > 120 {
                    lines.append(line)
                    line = "           "
                }
                line += item
            }
            lines.append(line)
            lines.append("        ],")
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test func reservedMemberNamesCoverTheRuntimesMembers() throws {
        let derived = try #require(Self.derivedMembers, "the runtime's members could not be derived from symbol graphs")
        func uncovered(_ type: RuntimeContract.TypeName, by reserved: Set<String>) -> [String] {
            let names = derived[type] ?? []
            let lowercased = Set(reserved.map { $0.lowercased() })
            return names.filter { !lowercased.contains($0.lowercased()) }.sorted()
        }
        let shadowable = Set(RuntimeContract.shadowableEntityMembers.map { $0.lowercased() })
        let entity = uncovered(.entity, by: RuntimeContract.entityMembers)
        #expect(entity.filter { !shadowable.contains($0.lowercased()) } == [])
        #expect(uncovered(.complexValue, by: RuntimeContract.complexMembers) == [])
        #expect(uncovered(.optionSetEnumeration, by: RuntimeContract.optionSetMembers) == [])
        #expect(uncovered(.edmEnumeration, by: RuntimeContract.enumMembers) == [])
        #expect(uncovered(.edmFlagsEnumeration, by: RuntimeContract.enumMembers) == [])
        #expect(uncovered(.odataOperation, by: RuntimeContract.requestMembers) == [])
        let entityMembers = try members(of: "Entity")
        for property in RuntimeContract.ClassProperty.allCases {
            #expect(entityMembers.contains(property.rawValue), "\(property.rawValue)")
        }
    }

    @Test func propertyKindsAreThePropertyTypeCases() throws {
        let cases = try members(of: "PropertyType")
        #expect(Set(RuntimeContract.PropertyKind.allCases.map(\.rawValue)) == cases)
    }

    @Test func everyMemberTheContractNamesExistsInTheRuntime() throws {
        let symbols = try #require(
            Self.symbols,
            "the symbol graph of the built MobileSdk module could not be extracted"
        )
        var words = Set(symbols.compactMap(\.path.last).map { String($0.prefix { $0 != "(" }) })
        for path in symbols.compactMap(\.path.last) where path.contains("(") {
            words.formUnion(path.drop { $0 != "(" }.dropFirst().split(separator: ":").map(String.init))
        }
        for member in RuntimeContract.Member.allCases { #expect(words.contains(member.rawValue), "\(member.rawValue)") }
    }

    /// Generated code using every contract name compiles against the runtime (the underscored accessors are not in the
    /// symbol graph: this is their check).
    @Test func generatedCodeUsingEveryContractNameCompiles() throws {
        let documents = [
            "TripPin.xml", "Dataverse.WebApi.xml", "Dataverse.EntityMetadata.xml", "CRM2011.OrganizationData.xml",
        ]
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../SampleMetadata")
        var files: [(name: String, contents: String)] = []
        for (index, set) in [Array(documents[0...0]), Array(documents[1...2]), Array(documents[3...3])].enumerated() {
            let result = Pipeline().parse(.files(set.map { folder.appendingPathComponent($0).standardized.path }))
            #expect(!result.hasErrors)
            // Distinct type names across the three models, so that they compile as one module.
            let configuration = GeneratorConfiguration(typePrefix: "M\(index)", registryName: "Registry\(index)")
            let generated = Pipeline(configuration: configuration).generate(result)
            files += generated.files.map { (name: "\(index)-\($0.name)", contents: $0.contents) }
        }
        let untyped = """
            <edmx:Edmx Version="4.01" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="U" xmlns="http://docs.oasis-open.org/odata/ns/edm"><EntityType Name="Bag">
            <Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>
            <Property Name="Anything" Type="Edm.Untyped"/></EntityType></Schema></edmx:DataServices></edmx:Edmx>
            """
        let result = Pipeline().parse(.document(named: "Untyped.xml", bytes: Array(untyped.utf8)))
        let configuration = GeneratorConfiguration(typePrefix: "M3", registryName: "Registry3")
        let generated = Pipeline(configuration: configuration).generate(result)
        files += generated.files.map { (name: "3-\($0.name)", contents: $0.contents) }
        let text = files.map(\.contents).joined()
        var names =
            RuntimeContract.TypeName.allCases.map(\.qualified)
            + RuntimeContract.Accessor.allCases.map { $0.rawValue + "(" }
            + RuntimeContract.Accessor.allCases.compactMap(\.modifySubscriptLabel).map { "self[\($0): #function]" }
        names += RuntimeContract.ClassProperty.allCases.map(\.rawValue)
        for name in names { #expect(text.contains(name), "no generated file uses \(name)") }
        let output = try RuntimeModules.typeCheck(files: files)
        #expect(output == nil, "\(output?.prefix(4000) ?? "")")
    }

    /// Runtime names reach generated code only through the contract: no other source file of the generator spells a
    /// runtime type or member name as a string literal.
    @Test func noRuntimeNameIsWrittenOutsideTheContract() throws {
        let symbols = try #require(
            Self.symbols,
            "the symbol graph of the built MobileSdk module could not be extracted"
        )
        // The runtime's types, and the members of those generated code declares, conforms to or calls.
        let touched: Set<String> = [
            "Entity", "ComplexValue", "OptionSetEnumeration", "OptionTable", "EdmEnumeration", "EdmFlagsEnumeration",
            "ODataOperation", "OperationCall", "OperationResult", "OperationBinding", "OperationParameter",
            "PropertyMetadata", "PropertyType", "LookupTarget", "EntityRegistry", "ODataServiceClient",
            "EntitySetAccessor", "SingletonAccessor",
        ]
        var runtimeNames = Set(
            symbols.filter { $0.path.count == 2 && touched.contains($0.path[0]) }
                .map { String($0.path[1].prefix { $0 != "(" }) }
        )
        runtimeNames.formUnion(symbols.filter { $0.path.count == 1 }.map(\.path[0]))
        runtimeNames.subtract(["init", "subscript"])
        // Names that only coincide with runtime names: locals and parameters of generated code, the suffix of renamed
        // members, and the Dynamics attribute type `Money`, which the generator reads from metadata.
        let ownNames: Set<String> = [
            "type", "result", "value", "name", "newValue", "rawValue", "registry", "Value", "Money",
        ]
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/Generator").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Contract/") }
        #expect(files.count > 10)
        let literal = try Regex(#""([A-Za-z_][A-Za-z0-9_.]*)""#)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: literal) {
                let word = String(text[match.range].dropFirst().dropLast())
                if word.hasPrefix("MobileSdk") || (runtimeNames.contains(word) && !ownNames.contains(word)) {
                    found.append("\(file): \(word)")
                }
            }
        }
        #expect(found.isEmpty, "runtime names outside RuntimeContract: \(found)")
    }
}
