import Foundation

/// What `scripts/test-servers.sh start` wrote for the live tests: a variable of the environment, else of
/// `.build-servers/servers.env`. With `MOBILESDK_REQUIRE_LIVE_TESTS=1` (set by `scripts/test.sh`) a missing server
/// fails its suite instead of skipping it.
enum TestServerEnvironment {
    static let required = ProcessInfo.processInfo.environment["MOBILESDK_REQUIRE_LIVE_TESTS"] == "1"

    static func value(_ name: String) -> String? {
        if let value = ProcessInfo.processInfo.environment[name] { return value }
        let file = Paths.root.appendingPathComponent(".build-servers/servers.env")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix(name + "=") }.map { String($0.dropFirst(name.count + 1)) }
    }
}
