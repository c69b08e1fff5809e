import Foundation
import TestSupport
import Testing

/// Each library target that apps link ships a `PrivacyInfo.xcprivacy` (App Store rule since May 2024): no tracking,
/// nothing collected, and every required-reason API category its sources call, with an approved reason — no more, no
/// fewer. The categories are found by the API names Apple lists for them.
struct PrivacyManifestTests {
    /// The targets whose code ends up in an app.
    static let libraries = [
        "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService", "ServiceAccess",
    ]

    /// The library targets that only test bundles link (`MobileSdkTesting`): no manifest, so none of its code may
    /// call a required-reason API.
    static let testOnlyLibraries = ["MobileSdkTesting"]

    /// A required-reason API category: the source patterns that call one of its APIs, and its approved reasons.
    struct Category {
        let name: String
        /// Regular expressions over one line of code.
        let patterns: [String]

        func isCalled(in line: Substring) -> Bool {
            // Simple word boundaries: Unicode's would make `UserDefaults.standard` one word.
            patterns.contains { pattern in
                (try? Regex(pattern)).map { line.contains($0.wordBoundaryKind(.simple)) } ?? false
            }
        }
        let reasons: Set<String>
    }

    static let categories = [
        Category(
            name: "NSPrivacyAccessedAPICategoryFileTimestamp",
            patterns: [
                #"\b(?:f|l)?stat(?:at)?\("#, #"getattrlist"#, #"\.creationDate\b"#, #"\.modificationDate\b"#,
                #"creationDateKey"#, #"contentModificationDateKey"#, #"fileModificationDate"#,
            ],
            reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]
        ),
        Category(
            name: "NSPrivacyAccessedAPICategorySystemBootTime",
            patterns: [#"systemUptime"#, #"mach_absolute_time"#],
            reasons: ["35F9.1", "8FFB.1", "3D61.1"]
        ),
        Category(
            name: "NSPrivacyAccessedAPICategoryDiskSpace",
            patterns: [
                #"volumeAvailableCapacity"#, #"volumeTotalCapacity"#, #"systemFreeSize"#, #"systemSize\b"#,
                #"\bstatv?fs\("#,
            ],
            reasons: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]
        ),
        Category(
            name: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            patterns: [#"activeInputModes"#],
            reasons: ["3EC4.1", "54BD.1"]
        ),
        Category(
            name: "NSPrivacyAccessedAPICategoryUserDefaults",
            patterns: [#"\bUserDefaults\b"#],
            reasons: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]
        ),
    ]

    /// The categories the target's Swift sources call, by the lines outside comments.
    static func calledCategories(of target: String) throws -> Set<String> {
        let folder = TestServers.repositoryRoot.appendingPathComponent("Sources/\(target)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        var found: Set<String> = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for category in categories where code.contains(where: category.isCalled) { found.insert(category.name) }
        }
        return found
    }

    /// The manifest's keys, and its accessed API categories with their reasons.
    static func manifest(of target: String) throws -> (root: [String: Any], categories: [String: [String]]) {
        let url = TestServers.repositoryRoot.appendingPathComponent("Sources/\(target)/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), format: nil)
        let root = try #require(plist as? [String: Any], "\(target)'s manifest is not a dictionary")
        let types = try #require(root["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        var categories: [String: [String]] = [:]
        for entry in types {
            let name = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            categories[name] = try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String])
        }
        return (root, categories)
    }

    @Test(arguments: libraries) func theManifestListsExactlyTheCategoriesTheCodeCalls(target: String) throws {
        let (root, declared) = try Self.manifest(of: target)
        #expect(root["NSPrivacyTracking"] as? Bool == false)
        #expect((root["NSPrivacyTrackingDomains"] as? [Any])?.isEmpty == true)
        #expect((root["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let called = try Self.calledCategories(of: target)
        #expect(Set(declared.keys) == called, "\(target): the manifest and the sources disagree")
        for (name, reasons) in declared {
            let category = Self.categories.first { $0.name == name }
            #expect(category != nil, "unknown category \(name)")
            #expect(
                !reasons.isEmpty && Set(reasons).isSubset(of: category?.reasons ?? []),
                "\(target): \(name) \(reasons)"
            )
        }
    }

    @Test(arguments: testOnlyLibraries) func aTestOnlyLibraryCallsNoRequiredReasonAPI(target: String) throws {
        #expect(try Self.calledCategories(of: target).isEmpty, "\(target) needs a privacy manifest")
        let manifest = TestServers.repositoryRoot.appendingPathComponent("Sources/\(target)/PrivacyInfo.xcprivacy")
        #expect(!FileManager.default.fileExists(atPath: manifest.path), "\(target) ends up in no app")
    }

    /// Every library target has the manifest as a resource, so that SwiftPM bundles it into the app.
    @Test func everyLibraryDeclaresItsManifestAsAResource() throws {
        let manifest = try String(
            contentsOf: TestServers.repositoryRoot.appendingPathComponent("Package.swift"),
            encoding: .utf8
        )
        let declarations = manifest.components(separatedBy: ".target(").dropFirst()
        for target in Self.libraries {
            let declaration = try #require(
                declarations.first {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("name: \"\(target)\"")
                },
                "\(target)"
            )
            let body = declaration.components(separatedBy: ".target(").first ?? declaration
            #expect(body.contains("resources: [.copy(\"PrivacyInfo.xcprivacy\")]"), "\(target)")
        }
    }

    /// The scan finds a call when there is one: a file-timestamp call in a sample line.
    @Test func theScanRecognisesACall() {
        let line = "let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date"
        let category = Self.categories.first { $0.name.hasSuffix("FileTimestamp") }
        #expect(category?.isCalled(in: line[...]) == true)
        #expect(Self.categories.allSatisfy { !$0.isCalled(in: "let size = values[.size]") })
        let defaults = Self.categories.first { $0.name.hasSuffix("UserDefaults") }
        #expect(defaults?.isCalled(in: "let store = UserDefaults.standard") == true)
    }
}
