import Foundation
import TestSupport
import Testing

/// The reader's sources as an Apple platform compiles them: with a module named `libxml2` in the search path, as the
/// SDKs have, and no `CLibXML2`. On Linux the module is one of this test's own, shaped like the SDK's (libxml2's
/// public headers, linking `xml2`), so this proves the `#if canImport(libxml2)` side type-checks with
/// libxml2's own headers and without the shim; it cannot prove the SDK's module or its headers' version.
struct AppleLibXML2Tests {
    /// libxml2's header folder (`/usr/include/libxml2`), from pkg-config.
    static var headerFolder: String? {
        guard let flags = try? SystemCommand.run(["pkg-config", "--cflags-only-I", "libxml-2.0"]), flags.status == 0
        else { return nil }
        return flags.output.split(separator: " ").first { $0.hasPrefix("-I") }.map { String($0.dropFirst(2)) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The package name SwiftPM gives the modules (the root folder's name, lowercased, other characters as `_`), which
    /// `package` declarations need and which must match the built modules'.
    static var packageName: String {
        String(Paths.root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    @Test func readerSourcesCompileAgainstAnSDKShapedLibXML2Module() throws {
        let modules = try #require(BuiltProducts.modules(holding: "MetadataModel"), "the built modules were not found")
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
        let command =
            [
                "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                "-module-name", "MetadataReader", "-package-name", Self.packageName, "-I", modules.path, "-Xcc",
                "-I" + headers,
            ] + files

        let apple = try SystemCommand.run(command + ["-I", sdk.path])
        #expect(apple.status == 0, "\(apple.output.prefix(4000))")
        // Without the module, the same sources look for CLibXML2, which this command does not offer: the check above
        // compiled the libxml2 side, not the other.
        let other = try SystemCommand.run(command)
        #expect(other.status != 0)
        #expect(other.output.contains("no such module 'CLibXML2'"), "\(other.output.prefix(2000))")
    }
}
