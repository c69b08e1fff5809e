import Foundation
import TestSupport
import Testing

/// `mobilesdkgen init --template activity-tracker`: the Activity Tracker example as the user's own package.
/// (scripts/test-example.sh builds such a package and runs its tests against the live server.)
extension CommandLineTests {
    static let example = Paths.root.appendingPathComponent("Examples/ActivityTracker")

    @Test func initCreatesTheActivityTrackerAppForAService() throws {
        let created = try Paths.temporaryDirectory().appendingPathComponent("Contoso")
        let (status, output, errors) = try run([
            "init", "--template", "activity-tracker", "--name", "ContosoTracker", "--service-url",
            "https://contoso.crm.dynamics.com/api/data/v9.2/", "--metadata", Paths.sample("Dataverse.WebApi.xml"),
            "--metadata", Paths.sample("Dataverse.EntityDefinitions.json"), "--mobilesdkgen",
            "https://example.com/mobilesdkgen-swift.git", "-o", created.path,
        ])
        #expect(status == 0, "\(errors)")
        #expect(output.hasPrefix("Created \(created.path)"))
        let renamed = { (text: String) in text.replacingOccurrences(of: "ActivityTracker", with: "ContosoTracker") }
        let read = { (folder: URL, path: String) in
            try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }

        // The example's files, renamed, with the user's metadata and entity definitions instead of the example's.
        let exampleFiles = try Self.files(in: Self.example)
            .filter {
                !$0.hasSuffix(".metadata.xml") && !$0.hasSuffix(".entitydefinitions.json") && $0 != "Package.resolved"
            }
        let metadataFile = "Sources/ContosoTrackerModel/Dataverse.WebApi.metadata.xml"
        let definitionsFile = "Sources/ContosoTrackerModel/Dataverse.EntityDefinitions.json"
        let expected = Set(exampleFiles.map(renamed)).union(["README.md", metadataFile, definitionsFile])
        #expect(try Self.files(in: created) == expected.sorted())
        let metadata = try Data(contentsOf: created.appendingPathComponent(metadataFile))
        #expect(metadata == (try Data(contentsOf: URL(fileURLWithPath: Paths.sample("Dataverse.WebApi.xml")))))

        // The app's code is the example's, renamed; the service URL, the dependency and the README differ.
        let differing: Set = ["Package.swift", "README.md", "Sources/ActivityTrackerModel/Service.swift"]
        for file in exampleFiles where !differing.contains(file) {
            #expect(try read(created, renamed(file)) == renamed(try read(Self.example, file)), "\(file)")
        }
        let service = try read(created, "Sources/ContosoTrackerModel/Service.swift")
        #expect(service.contains(#"URL(string: "https://contoso.crm.dynamics.com/api/data/v9.2/")"#))
        let readme = try read(created, "README.md")
        #expect(readme.hasPrefix("# ContosoTracker\n"))
        #expect(!readme.contains("{{"))

        // Package.swift: the template's header, then the example's package declaration.
        let manifest = try read(created, "Package.swift")
        #expect(
            manifest.contains(
                """
                let mobileSdkGen: Package.Dependency = .package(url: "https://example.com/mobilesdkgen-swift.git", \
                branch: "main")
                """
            )
        )
        #expect(manifest.contains(#"let mobileSdkGenPackage = "mobilesdkgen-swift""#))
        #expect(!manifest.contains("#filePath"))
        #expect(manifest.contains(#".iOSApplication(\#n    name: "ContosoTracker""#))
        let body = { (text: String) in
            text.components(separatedBy: "\nlet mobileSdkGenPackage").last?.drop { $0 != "\n" }
        }
        #expect(body(manifest) == body(renamed(try read(Self.example, "Package.swift"))))
    }

    @Test func initRefusesMetadataTheAppCannotBuildWith() throws {
        let created = try Paths.temporaryDirectory().appendingPathComponent("Trips")
        let (status, _, errors) = try run([
            "init", "--template", "activity-tracker", "--name", "Trips", "--service-url",
            "https://services.example.com/trippin/", "--metadata", Paths.sample("TripPin.xml"), "-o", created.path,
        ])
        #expect(status != 0)
        #expect(errors.contains("needs a Dataverse service's contacts and tasks"))
        #expect(errors.contains("entity type contact, entity type task"))
        #expect(!FileManager.default.fileExists(atPath: created.path))
    }

    @Test func initNeedsTheEntityDefinitionsTheAppsTypedAPIComesFrom() throws {
        let created = try Paths.temporaryDirectory().appendingPathComponent("App")
        let (status, _, errors) = try run([
            "init", "--template", "activity-tracker", "--name", "App", "--service-url",
            "https://org.crm.dynamics.com/api/data/v9.2/", "--metadata", Paths.sample("Dataverse.WebApi.xml"), "-o",
            created.path,
        ])
        #expect(status != 0)
        #expect(errors.contains("lacks the entity definitions of activitypointer, contact, task"), "\(errors)")
        #expect(!FileManager.default.fileExists(atPath: created.path))
    }

    @Test func initNamesWhatADataverseDocumentLacks() throws {
        let sample = try String(contentsOfFile: Paths.sample("Dataverse.WebApi.xml"), encoding: .utf8)
        let phone = #"<Property Name="telephone1" Type="Edm.String" MaxLength="50"/>"#
        #expect(sample.contains(phone))
        let metadata = try Paths.write(sample.replacingOccurrences(of: phone, with: ""), named: "org.xml")
        let created = try Paths.temporaryDirectory().appendingPathComponent("App")
        let (status, _, errors) = try run([
            "init", "--template", "activity-tracker", "--name", "App", "--service-url",
            "https://org.crm.dynamics.com/api/data/v9.2/", "--metadata", metadata, "-o", created.path,
        ])
        #expect(status != 0)
        #expect(errors.contains("lacks contact.telephone1"))
    }

    /// The relative paths of the files below `folder`, sorted; hidden ones (`.build`) left out.
    static func files(in folder: URL) throws -> [String] {
        let root = folder.resolvingSymlinksInPath()
        guard
            let enumerator = FileManager.default.enumerator(
                at: root,
                includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles]
            )
        else { return [] }
        var paths: [String] = []
        for case let file as URL in enumerator
        where try file.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true {
            paths.append(String(file.path.dropFirst(root.path.count + 1)))
        }
        return paths.sorted()
    }
}
