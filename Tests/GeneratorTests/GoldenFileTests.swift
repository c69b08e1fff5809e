import Foundation
import Generator
import GeneratorPipeline
import Testing

/// Each SampleMetadata set (documents, and a configuration after `--config`) → its expected directory in Tests/GoldenFiles (or, for the decoding benchmark, in
/// Benchmarks/DecodeBenchmark/Generated), byte for byte.
/// After a deliberate change to the generator, run `scripts/update-golden-files.sh` and review
/// `git diff Tests/GoldenFiles`.
struct GoldenFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Name document…` lines of Tests/GoldenFiles/sets.txt.
    static let sets: [String] = {
        let text =
            (try? String(contentsOf: root.appendingPathComponent("Tests/GoldenFiles/sets.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }()

    @Test func everySampleHasAGoldenSet() {
        let samples =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent("SampleMetadata").path
            )) ?? []
        let covered = Set(
            Self.sets.flatMap {
                $0.split(separator: " ").dropFirst().map { String($0.split(separator: "/").last ?? "") }
            }
        )
        #expect(!samples.isEmpty)
        for sample in samples where sample.hasSuffix(".xml") && sample != "Dataverse.EntityMetadata.xml" {
            #expect(covered.contains(sample), "\(sample) has no golden files")
        }
    }

    @Test(arguments: sets) func generatedMatchesGolden(set line: String) throws {
        let parts = line.split(separator: " ").map(String.init)
        let name = try #require(parts.first)
        // Documents, then optionally `--config FILE` as `mobilesdkgen generate` takes it.
        var arguments = Array(parts.dropFirst())
        var configuration = GeneratorConfiguration()
        if let flag = arguments.firstIndex(of: "--config"), flag + 1 < arguments.count {
            let file = Self.root.appendingPathComponent(arguments[flag + 1])
            configuration = try JSONDecoder().decode(GeneratorConfiguration.self, from: Data(contentsOf: file))
            arguments.removeSubrange(flag...(flag + 1))
        }
        let documents = arguments.map { Self.root.appendingPathComponent($0).path }
        let pipeline = Pipeline(configuration: configuration)
        let result = pipeline.parse(.files(documents))
        #expect(!result.hasErrors)
        let sources = pipeline.generate(result)
        #expect(!sources.diagnostics.contains { $0.severity == .error }, "\(sources.diagnostics)")

        // A name with a folder is a path from the repository root (the benchmark's classes), else a folder here.
        let expected = Self.root.appendingPathComponent(name.contains("/") ? name : "Tests/GoldenFiles/\(name)")
        let goldenNames = try FileManager.default.contentsOfDirectory(atPath: expected.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(
            sources.files.map(\.name).sorted() == goldenNames.sorted(),
            "the files generated are not the golden set's"
        )
        let long = sources.files.flatMap { file in
            file.contents.split(separator: "\n").filter { $0.count > 120 }.map { "\(file.name): \($0)" }
        }
        #expect(long.isEmpty, "generated lines past 120 columns:\n\(long.joined(separator: "\n"))")
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent(
            "golden-\(name)-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: actual, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: actual) }
        var mismatches: [String] = []
        for file in sources.files {
            let golden = FileManager.default.contents(atPath: expected.appendingPathComponent(file.name).path)
            if golden != Data(file.contents.utf8) {
                mismatches.append(file.name)
                try Data(file.contents.utf8).write(to: actual.appendingPathComponent(file.name))
            }
        }
        #expect(
            mismatches.isEmpty,
            "generated files differ from Tests/GoldenFiles/\(name) (run scripts/update-golden-files.sh after a deliberate change):\n\(Self.diff(expected, actual, mismatches))"
        )
    }

    /// `git diff --no-index` of the mismatching files, for a readable failure.
    static func diff(_ expected: URL, _ actual: URL, _ names: [String]) -> String {
        names.map { name -> String in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "git", "diff", "--no-index", "--no-color", expected.appendingPathComponent(name).path,
                actual.appendingPathComponent(name).path,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            guard (try? process.run()) != nil else { return "\(name) differs" }
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output.prefix(20_000), as: UTF8.self)
        }
        .joined(separator: "\n")
    }
}
