import Foundation
import Testing

/// The reader's sources as an Apple platform compiles them: with a module named `libxml2` in the search path, as the
/// SDKs have, and no `CLibXML2`. On Linux the module is one of this test's own, shaped like the SDK's (libxml2's
/// public headers, linking `xml2`), so this proves the `#if canImport(libxml2)` side type-checks with
/// libxml2's own headers and without the shim; it cannot prove the SDK's module or its headers' version.
struct AppleLibXML2Tests {
    /// The folder holding the built modules (`MetadataModel.swiftmodule`), beside the test bundle.
    static let modules: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<3 {
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("MetadataModel.swiftmodule").path) {
                return modules
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()

    /// libxml2's header folder (`/usr/include/libxml2`), from pkg-config.
    static var headerFolder: String? {
        guard let flags = run(["pkg-config", "--cflags-only-I", "libxml-2.0"]), flags.status == 0 else { return nil }
        return flags.output.split(separator: " ").first { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func readerSourcesCompileAgainstAnSDKShapedLibXML2Module() throws {
        let modules = try #require(Self.modules, "the built MetadataModel module was not found")
        let headers = try #require(Self.headerFolder, "pkg-config does not know libxml-2.0")
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Every public header but the one libxml2 itself refuses (`DOCBparser.h`, removed in later versions); none of
        // the shim's repairs.
        let names = try FileManager.default.contentsOfDirectory(atPath: headers + "/libxml")
            .filter { $0.hasSuffix(".h") && $0 != "DOCBparser.h" }.sorted()
        let moduleMap = """
            module libxml2 [system] {
            \(names.map { "    header \"\(headers)/libxml/\($0)\"" }.joined(separator: "\n"))
                export *
                link "xml2"
            }
            """
        let sdk = folder.appendingPathComponent("sdk")
        try FileManager.default.createDirectory(at: sdk, withIntermediateDirectories: true)
        try Data(moduleMap.utf8).write(to: sdk.appendingPathComponent("module.modulemap"))
        let sources = Paths.root.appendingPathComponent("Sources/MetadataReader")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted().map { sources.appendingPathComponent($0).path }
        #expect(files.count > 10)
        let command = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                       "-module-name", "MetadataReader", "-I", modules.path, "-Xcc", "-I" + headers] + files

        let apple = try #require(Self.run(command + ["-I", sdk.path]))
        #expect(apple.status == 0, "\(apple.output.prefix(4000))")
        // Without the module, the same sources look for CLibXML2, which this command does not offer: the check above
        // compiled the libxml2 side, not the other.
        let other = try #require(Self.run(command))
        #expect(other.status != 0)
        #expect(other.output.contains("no such module 'CLibXML2'"), "\(other.output.prefix(2000))")
    }

    /// Runs a command found on the path; its exit status and its output and errors together.
    private static func run(_ arguments: [String]) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
