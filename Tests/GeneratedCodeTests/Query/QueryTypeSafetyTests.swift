import Foundation
import Testing

/// A value of the wrong type for a property in a query does not compile: snippets are type-checked with `swiftc`
/// against the built modules. A correct snippet must compile, so that a broken harness cannot pass the test.
struct QueryTypeSafetyTests {
    /// The folder holding the built modules: beside the test bundle.
    private static let modules: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<3 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules/TripPinModel.swiftmodule").path) {
                return folder.appendingPathComponent("Modules")
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// The diagnostics of type-checking `body` after the imports; nil when it compiles.
    private func typeCheck(_ body: String) throws -> String? {
        let modules = try #require(Self.modules, "the built modules were not found beside \(CommandLine.arguments.first ?? "")")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("query-\(UUID().uuidString).swift")
        try Data("import MobileSdk\nimport TripPinModel\n\(body)\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, file.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : output
    }

    @Test func aCorrectQueryCompiles() throws {
        #expect(try typeCheck(#"_ = Query<Person>().filter { $0.age > 30 && $0.firstName == "A" && $0.gender == .male }"#) == nil)
    }

    @Test(arguments: [
        #"_ = Query<Person>().filter { $0.age > "thirty" }"#,
        #"_ = Query<Person>().filter { $0.firstName == 5 }"#,
        #"_ = Query<Person>().filter { $0.gender == "Male" }"#,
        #"_ = Query<Person>().filter { $0.emails.any { $0 > 3 } }"#,
        #"_ = Query<Person>().filter { $0.firstName.contains(3) }"#,
        #"_ = Query<Person>().orderBy(\Airport.name)"#,
    ])
    func aValueOfTheWrongTypeDoesNotCompile(_ snippet: String) throws {
        let diagnostics = try typeCheck(snippet)
        #expect(diagnostics?.contains("error:") == true, "compiled: \(snippet)")
    }
}
