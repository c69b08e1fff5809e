import Foundation
import TestSupport
import Testing

/// What the README states that a script decides: the packages the bootstrap script installs, the servers the test
/// script starts.
struct ReadmeFactsTests {
    static let root = TestServers.repositoryRoot

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's paragraph that begins with `start`, its lines joined.
    static func paragraph(startingWith start: String, in text: String) -> String? {
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.replacingOccurrences(of: "\n", with: " ") }
        return paragraphs.first { $0.hasPrefix(start) }
    }

    @Test func theBootstrapSentenceNamesWhatTheScriptInstalls() throws {
        let script = try Self.read("scripts/bootstrap.sh")
        let install = try #require(script.split(separator: "\n").first { $0.contains("apt-get install") })
        let packages = install.split(separator: " ").filter { $0.hasSuffix("-dev") || $0 == "pkg-config" }
        #expect(packages.count >= 2)
        let sentence = try #require(
            Self.paragraph(startingWith: "`scripts/bootstrap.sh` installs", in: try Self.read("README.md"))
        )
        for package in packages { #expect(sentence.contains("`\(package)`"), "README does not name \(package)") }
    }

    @Test func theServerCountIsTheScripts() throws {
        let script = try Self.read("scripts/test-servers.sh")
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("servers=(") })
        let names = line.dropFirst("servers=(".count).dropLast().split(separator: " ")
        let words = [6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"]
        let readme = try Self.read("README.md")
        #expect(readme.contains("(no name:\nall \(words[names.count] ?? "\(names.count)"))"))
        for name in names { #expect(readme.contains("- `\(name)`:"), "README does not describe the server \(name)") }
    }
}
