import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `mobilesdkgen generate` as a new user meets it: bad input at the command line is a located error with nothing
/// written, and the output folder holds one whole generation at every moment, even when a run is killed or two
/// runs race.
@Suite(.enabled(if: BuiltTool.executable != nil, "the mobilesdkgen executable is not built beside the tests"))
struct GenerateOutputTests {
    let folder: URL
    let tripPin = Paths.sample("TripPin.xml")

    init() throws { folder = try Paths.temporaryDirectory() }

    /// The visible files of `output` with their bytes.
    func contents(of output: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        return Dictionary(
            uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: output.appendingPathComponent($0))) }
        )
    }

    /// A document of `count` entity types, big enough that generating it takes a while.
    func bigDocument(_ count: Int) throws -> String {
        var text =
            #"<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>"#
            + #"<Schema Namespace="Big" xmlns="http://docs.oasis-open.org/odata/ns/edm">"#
        for index in 0..<count {
            text +=
                #"<EntityType Name="E\#(index)"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/>"#
            for property in 0..<10 { text += #"<Property Name="P\#(property)" Type="Edm.String"/>"# }
            text += "</EntityType>"
        }
        text += #"<EntityContainer Name="C">"#
        for index in 0..<count { text += #"<EntitySet Name="S\#(index)" EntityType="Big.E\#(index)"/>"# }
        text += "</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>\n"
        let url = folder.appendingPathComponent("big.metadata.xml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aFolderStandsForTheDocumentsInIt() throws {
        let documents = folder.appendingPathComponent("Metadata")
        try FileManager.default.createDirectory(at: documents, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: tripPin,
            toPath: documents.appendingPathComponent("TripPin.metadata.xml").path
        )
        try Data("notes".utf8).write(to: documents.appendingPathComponent("notes.txt"))
        let result = try BuiltTool.run(["generate", documents.path, "-o", folder.appendingPathComponent("out").path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Generated 13 entity classes"))

        let empty = folder.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try BuiltTool.run([
            "generate", empty.path, "missing.xml", "-o", folder.appendingPathComponent("none").path,
        ])
        #expect(none.status != 0)
        #expect(
            none.errors.contains(
                "\(empty.path): error: is a folder without metadata documents (files whose names end in .metadata.xml"
            )
        )
        #expect(none.errors.contains("missing.xml: error: no such file"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none").path))
    }

    @Test func anOutputPathThatIsAFileIsRefusedAndKept() throws {
        let file = folder.appendingPathComponent("Generated")
        try Data("mine".utf8).write(to: file)
        let result = try BuiltTool.run(["generate", tripPin, "-o", file.path])
        #expect(result.status != 0)
        #expect(
            result.errors.contains("\(file.path): error: the output path is a file, not a folder: give a folder to -o")
        )
        #expect(!result.errors.contains("NSCocoaErrorDomain"))
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
    }

    /// The file is parsed once into a located tree: a syntax error, a value of the wrong kind and a name written twice
    /// are each reported where they are written, and nothing is generated.
    @Test func configurationProblemsAreLocatedWhereTheyAreWritten() throws {
        let cases: [(text: String, error: String)] = [
            (
                "{\n  \"entities\": {\"include\": [\"Person\"],}\n}\n",
                "2:37: error: the configuration is not JSON: trailing comma"
            ),
            (
                "{\n  \"entities\": {\"include\": \"Person\"}\n}\n",
                "2:27: error: invalid configuration: at 'entities.include': expected an array, found a string"
            ),
            (
                "{\"renames\": {\"types\": {\"Person\": \"Traveller\",\n  \"Person\": \"Other\"}}}",
                "2:3: error: the key 'renames.types.Person' is written twice"
            ), ("{\"typePrefix\": \"A\", \"typePrefix\": \"B\"}", "1:21: error: the key 'typePrefix' is written twice"),
        ]
        for (index, item) in cases.enumerated() {
            let config = try Paths.write(item.text, named: "config\(index).json")
            let output = folder.appendingPathComponent("out\(index)")
            let result = try BuiltTool.run(["generate", tripPin, "--config", config, "-o", output.path])
            #expect(result.status != 0)
            #expect(result.errors.contains("\(config):\(item.error)"), "\(result.errors)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func misspeltConfigurationKeysAreLocatedWithTheKeyMeant() throws {
        let config = try Paths.write(
            "{\n  \"entitys\": {\"include\": [\"Person\"]},\n  \"operations\": {\"exlude\": [\"*\"]}\n}\n",
            named: "mobilesdkgen-config.json"
        )
        let output = folder.appendingPathComponent("out")
        let result = try BuiltTool.run(["generate", tripPin, "--config", config, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.errors.contains("\(config):2:3: error: unknown key 'entitys' (did you mean 'entities'?)"))
        #expect(
            result.errors.contains(
                "\(config):3:18: error: unknown key 'operations.exlude' (did you mean 'operations.exclude'?)"
            )
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func anUnwritableOutputIsAClearError() throws {
        // Not even root may create files under /proc/self.
        let result = try BuiltTool.run(["generate", tripPin, "-o", "/proc/self/Generated"])
        #expect(result.status != 0)
        #expect(result.errors.contains("/proc/self/Generated: error: cannot write the generated files: "))
        #expect(!result.errors.contains("NSCocoaErrorDomain"))
    }

    /// Mounting a small tmpfs needs root (CI runs as root here); elsewhere the case is skipped, saying so.
    @Test(.enabled(if: getuid() == 0, "mounting a small tmpfs to fill needs root: the full-disk case is not exercised"))
    func aFullDiskLeavesThePreviousGeneration() throws {
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        // Each file takes at least a 4 KiB page: the small model's two fit, the big model's thousand (2.9 MB) do not.
        let mount = try SystemCommand.run(["mount", "-t", "tmpfs", "-o", "size=640k", "tmpfs", disk.path])
        try #require(mount.status == 0, "mounting a small tmpfs failed although running as root")
        defer { _ = try? SystemCommand.run(["umount", disk.path]) }
        let output = disk.appendingPathComponent("Generated")
        let small = try Paths.write(
            """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>
            <Schema Namespace="S" xmlns="http://docs.oasis-open.org/odata/ns/edm"><EntityType Name="A"><Key><PropertyRef Name="Id"/></Key>
            <Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType></Schema></edmx:DataServices></edmx:Edmx>
            """,
            named: "small.xml"
        )
        #expect(try BuiltTool.run(["generate", small, "-o", output.path]).status == 0)
        let before = try contents(of: output)
        let result = try BuiltTool.run(["generate", try bigDocument(1000), "-o", output.path])
        #expect(result.status != 0)
        #expect(
            result.errors.contains(
                "error: cannot write the generated files: No space left on device; the previous files are unchanged"
            )
        )
        #expect(try contents(of: output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path) == ["Generated"])
    }

    @Test func aKilledGenerationLeavesThePreviousOneWhole() throws {
        let output = folder.appendingPathComponent("out")
        #expect(try BuiltTool.run(["generate", tripPin, "-o", output.path]).status == 0)
        let old = try contents(of: output)
        let big = try bigDocument(3000)
        var killed = 0
        for delay in stride(from: 0.3, through: 2.4, by: 0.3) {
            let result = try BuiltTool.run(["generate", big, "-o", output.path], killAfter: delay)
            let now = try contents(of: output)
            if result.status == 0 {
                #expect(now != old)
                break
            }
            killed += 1
            #expect(now == old, "killed after \(delay) s, the output is neither the old generation nor the new one")
        }
        #expect(killed > 0, "no run was killed before it finished")
        // What the killed runs left is the previous generation, and it still compiles.
        try #require(RuntimeModules.folder != nil, "the runtime's modules are not built beside the tests")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }
        #expect(try RuntimeModules.typeCheck(files.map { output.appendingPathComponent($0).path }) == nil)
        // The next run clears what the killed ones left beside the folder.
        #expect(try BuiltTool.run(["generate", tripPin, "-o", output.path]).status == 0)
        #expect(try contents(of: output) == old)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".out.") }.isEmpty
        )
    }

    @Test func twoRunsIntoOneFolderDoNotInterleave() async throws {
        let output = folder.appendingPathComponent("out")
        let big = try bigDocument(1500)
        let (smallRun, bigRun) = (
            try BuiltTool.start(["generate", tripPin, "-o", output.path]),
            try BuiltTool.start(["generate", big, "-o", output.path])
        )
        smallRun.waitUntilExit()
        bigRun.waitUntilExit()
        #expect(smallRun.terminationStatus == 0 && bigRun.terminationStatus == 0)
        let final = try contents(of: output)
        let alone = folder.appendingPathComponent("alone")
        #expect(try BuiltTool.run(["generate", tripPin, "-o", alone.appendingPathComponent("small").path]).status == 0)
        #expect(try BuiltTool.run(["generate", big, "-o", alone.appendingPathComponent("big").path]).status == 0)
        let wholes = [
            try contents(of: alone.appendingPathComponent("small")),
            try contents(of: alone.appendingPathComponent("big")),
        ]
        #expect(wholes.contains(final), "the folder mixes files of both generations")
    }
}
