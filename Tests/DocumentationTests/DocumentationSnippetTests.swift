import Foundation
import TestSupport
import Testing

/// Every Swift block of the README and the DocC articles is compiled against the built libraries and generated
/// classes, excerpts of generated code are found in the golden files, and the blocks that talk to TripPin run against
/// the test server.
struct DocumentationSnippetTests {
    static let root = TestServers.repositoryRoot

    /// README.md and every article of the DocC catalogs under Sources.
    static let documents: [String] = {
        let sources = root.appendingPathComponent("Sources")
        let catalogs = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        var documents = ["README.md"]
        for target in catalogs.sorted() {
            let folder = sources.appendingPathComponent(target)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for catalog in names.sorted() where catalog.hasSuffix(".docc") {
                let articles =
                    (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(catalog).path))
                    ?? []
                documents += articles.sorted().filter { $0.hasSuffix(".md") }
                    .map { "Sources/\(target)/\(catalog)/\($0)" }
            }
        }
        return documents
    }()

    static let read: (snippets: [DocumentationSnippet], unannotated: [String]) = {
        var snippets: [DocumentationSnippet] = []
        var unannotated: [String] = []
        for document in documents {
            let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
            let found = DocumentationSnippet.read(text, document: document)
            snippets += found.snippets
            unannotated += found.unannotated
        }
        return (snippets, unannotated)
    }()

    @Test func everySwiftBlockSaysWhatIsDoneWithIt() {
        #expect(Self.documents.count > 10)
        #expect(Self.read.snippets.count > 40)
        #expect(
            Self.read.unannotated.isEmpty,
            "blocks without <!-- snippet: … --> before them: \(Self.read.unannotated)"
        )
        for snippet in Self.read.snippets {
            if case .notCompiled(let reason) = snippet.kind {
                #expect(!reason.isEmpty, "\(snippet.location): say why the block is not compiled")
            }
        }
    }

    @Test func theBlocksCompile() throws {
        let compiled = Self.read.snippets.filter {
            switch $0.kind {
            case .declarations, .statements, .live: true
            case .excerpt, .notCompiled, .manifest: false
            }
        }
        let modules = try #require(RuntimeModules.folder, "the built modules are not beside the test bundle")
        let output = try SwiftTypeCheck.run(
            compiled.map { (name: $0.identifier + ".swift", contents: $0.swiftFile) },
            modules: modules,
            moduleName: "DocumentationSnippets",
            arguments: ["-parse-as-library"] + RuntimeModules.sqliteModuleArguments
        )
        let places = compiled.map { "\($0.identifier).swift is \($0.location)" }.joined(separator: "\n")
        #expect(output == nil, "\(output ?? "")\n\(places)")
    }

    @Test func excerptsAreInTheGeneratedCode() throws {
        let excerpts = Self.read.snippets.filter { $0.kind == .excerpt }
        #expect(!excerpts.isEmpty)
        for excerpt in excerpts {
            let module = try #require(excerpt.modules.first, "\(excerpt.location): name the golden module")
            let folder = Self.root.appendingPathComponent("Tests/GoldenFiles/\(module)")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }
            let generated = Set(
                try files.flatMap {
                    try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8).split(separator: "\n")
                }
                .map { Self.code(of: String($0)) }
            )
            for line in excerpt.code.map(Self.code) where !line.isEmpty {
                let found = generated.contains(line)
                #expect(found, "\(excerpt.location): '\(line)' is not in \(module)'s generated code")
            }
        }
    }

    @Test func manifestsAreReadBySwiftPM() throws {
        let manifests = Self.read.snippets.filter { if case .manifest = $0.kind { true } else { false } }
        #expect(!manifests.isEmpty)
        for snippet in manifests {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try Data(snippet.manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
            let read = try SystemCommand.run(["swift", "package", "--package-path", folder.path, "dump-package"])
            #expect(read.status == 0, "\(snippet.location) is not a manifest SwiftPM reads:\n\(read.output)")
        }
    }

    /// A line without its indentation and its trailing comment (a documentation comment is kept whole).
    static func code(of line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        if !text.hasPrefix("///"), let comment = text.range(of: "   //") ?? text.range(of: "  //") {
            text = String(text[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

    @Test(arguments: [TestServers.Variable.odataV4, .dataverse]) func liveBlocksRunAgainstTheTestServers(
        server: TestServers.Variable
    ) throws {
        let live = Self.read.snippets.filter { $0.kind == .live(server) }
        #expect(!live.isEmpty)
        guard let serviceRoot = TestServers.value(server) else {
            if TestServers.required { Issue.record("\(server.rawValue) is not set: \(TestServers.skipMessage)") }
            return
        }
        let modules = try #require(RuntimeModules.folder, "the built modules are not beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for snippet in live {
            let source = folder.appendingPathComponent("Snippet.swift")
            try Data(snippet.program.utf8).write(to: source)
            let targets =
                RuntimeModules.runtimeTargets + ["MobileSdkClient", "ServiceAccess"]
                + snippet.modules.filter { $0.hasSuffix("Model") }
            let objects = try RuntimeModules.objectFiles(of: targets)
            let program = folder.appendingPathComponent(snippet.identifier)
            let compiled = try SystemCommand.run(
                ["swiftc", "-swift-version", "6", "-parse-as-library", "-I", modules.path, source.path] + objects + [
                    "-o", program.path,
                ]
            )
            try #require(compiled.status == 0, "\(snippet.location) does not build:\n\(compiled.output)")
            let ran = try SystemCommand.run(["env", "MOBILESDK_SNIPPET_SERVICE_ROOT=\(serviceRoot)", program.path])
            #expect(ran.status == 0, "\(snippet.location) failed against \(serviceRoot):\n\(ran.output)")
        }
    }
}
