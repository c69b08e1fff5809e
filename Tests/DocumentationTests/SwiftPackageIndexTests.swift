import Foundation
import TestSupport
import Testing

/// The Swift Package Index builds the documentation of every target that has a DocC catalog.
struct SwiftPackageIndexTests {
    @Test func theDocumentationTargetsAreTheTargetsWithACatalog() throws {
        let root = TestServers.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent(".spi.yml"), encoding: .utf8)
        let listed = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("- ") && !$0.contains(":") }.map { String($0.dropFirst(2)) }
        let sources = root.appendingPathComponent("Sources")
        let withCatalog = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/\($0).docc").path) }
        #expect(listed.sorted() == withCatalog.sorted())
    }
}
