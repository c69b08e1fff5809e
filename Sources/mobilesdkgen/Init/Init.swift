import ArgumentParser
import Foundation
import Generator
import GeneratorPipeline
import MetadataModel

/// `mobilesdkgen init`: a new, ready-to-build consumer package from `Templates/`.
struct Init: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a Swift package that generates entity classes from a service's metadata while it builds.",
        discussion: """
            Asks for the app name, service URL and metadata file when they are not given and a \
            terminal is attached. With --service-url and no --metadata it fetches the metadata from \
            the service first (as `mobilesdkgen fetch` does, with its sign-in and entity options), \
            so that `swift package fetch-metadata` can refresh it later. With --template \
            activity-tracker it creates the Activity Tracker SwiftUI app (Examples/ActivityTracker) \
            for a Dataverse organization: its Web API $metadata and the entity definitions of contact, task and \
            activitypointer (fetched with --service-url, else --metadata ORG.metadata.xml --metadata \
            ORG.entitydefinitions.json).
            """
    )

    @Option(help: "The package's name; its targets are <name> (a program) and <name>Model (the classes).") var name:
        String?

    @Option(
        name: [.customLong("service-url"), .customLong("service")],
        help: "The service root, e.g. https://org.crm.dynamics.com/api/data/v9.2/."
    ) var serviceURL: String?

    @Option(
        name: .customLong("metadata"),
        help: ArgumentHelp(
            """
            A metadata document to generate from (repeatable): the $metadata first, then any other, such as a \
            Dataverse organization's entity definitions (default with --service-url: fetched).
            """,
            valueName: "FILE"
        )
    ) var metadataFiles: [String] = []

    @Option(name: [.short, .customLong("output")], help: "Where to create the package (default: ./<name>).") var output:
        String?

    @Option(
        help: """
            This package, as a local path or a git URL, whose branch main the new package follows until a release is \
            tagged (default: the checkout this tool was built from).
            """
    ) var mobilesdkgen: String?

    @Option(
        help: """
            What to create: package (a small program) or activity-tracker (the SwiftUI app of \
            Examples/ActivityTracker, for a Dataverse service).
            """
    ) var template: Template = .package

    @OptionGroup(title: "Fetching the metadata (--service-url without --metadata)") var fetch: FetchOptions

    /// The kinds of package `init` creates.
    enum Template: String, CaseIterable, ExpressibleByArgument {
        /// A program and the model target: `Templates/Package`.
        case package
        /// The Activity Tracker SwiftUI app: `Examples/ActivityTracker` with `Templates/ActivityTracker`.
        case activityTracker = "activity-tracker"
    }

    func run() async throws {
        let checkout = Self.checkout()
        let name = try value(
            name,
            prompt: "App name",
            validate: Self.isValidName,
            problem: "the app name must be a Swift identifier"
        )
        let fetching = metadataFiles.isEmpty && serviceURL != nil
        let serviceURL = try value(
            serviceURL,
            prompt: "Service URL",
            validate: { URL(string: $0)?.scheme != nil },
            problem: "the service URL must be absolute"
        )
        // The app template's classes are those of its model's configuration: fetch the definitions of its entities.
        let templateConfiguration =
            template == .activityTracker
            ? checkout?
                .appending(path: "Examples/ActivityTracker/Sources/ActivityTrackerModel/mobilesdkgen-config.json")
                .path(percentEncoded: false) : nil
        let fetched = fetching ? try await fetchMetadata(from: serviceURL, configuration: templateConfiguration) : []
        defer {
            if let folder = fetched.first?.deletingLastPathComponent() {
                try? FileManager.default.removeItem(at: folder)
            }
        }
        let metadata =
            try fetched.first.map(\.path)
            ?? value(
                metadataFiles.first,
                prompt: "Metadata file",
                validate: { FileManager.default.isReadableFile(atPath: $0) },
                problem: "the metadata file must exist"
            )
        guard
            let source = mobilesdkgen
                ?? checkout.map({ String($0.path(percentEncoded: false).reversed().drop { $0 == "/" }.reversed()) })
        else { throw ValidationError("cannot tell where this package is: pass --mobilesdkgen PATH-or-URL") }
        guard let checkout, let templates = Self.existing(checkout.appending(path: "Templates/Package")) else {
            throw ValidationError("cannot find the Templates folder of the checkout this tool was built from")
        }
        let destination = URL(fileURLWithPath: output ?? name)
        guard !FileManager.default.fileExists(atPath: destination.path(percentEncoded: false)) else {
            throw ValidationError("\(destination.path(percentEncoded: false)) already exists: choose another --output")
        }
        // The documents besides $metadata, and the fetch cache, beside it in the model target.
        let others =
            fetching ? fetched.dropFirst() : ArraySlice(metadataFiles.dropFirst().map { URL(fileURLWithPath: $0) })
        for file in others where !FileManager.default.isReadableFile(atPath: file.path(percentEncoded: false)) {
            throw ValidationError("cannot read the metadata file \(file.path(percentEncoded: false))")
        }
        let values = [
            "APP_NAME": name, "SERVICE_URL": serviceURL, "MOBILESDKGEN_DEPENDENCY": PackageTemplate.dependency(source),
            "MOBILESDKGEN_PACKAGE": PackageTemplate.identity(source),
            "METADATA_FILE": PackageTemplate.metadataFileName(metadata),
        ]
        switch template {
        case .package:
            try PackageTemplate(templates: templates)
                .create(at: destination, values: values, metadata: URL(fileURLWithPath: metadata))
            try copy(others, toModelOf: name, in: destination)
            print("Created \(destination.path(percentEncoded: false)): cd there and run `swift run \(name)`.")
        case .activityTracker:
            guard let example = Self.existing(checkout.appending(path: "Examples/ActivityTracker")),
                let appTemplates = Self.existing(checkout.appending(path: "Templates/ActivityTracker"))
            else {
                throw ValidationError(
                    """
                    cannot find Examples/ActivityTracker and Templates/ActivityTracker in the checkout this tool was \
                    built from
                    """
                )
            }
            let documents = [metadata] + others.map(\.path).filter { !$0.hasSuffix(FetchCache.fileName) }
            let loaded = Pipeline().parse(.files(documents))
            if let error = loaded.diagnostics.first(where: { $0.severity == .error }) {
                throw ValidationError(error.description)
            }
            let missing = AppTemplateRequirements.missing(in: loaded.service)
            guard missing.isEmpty else {
                throw ValidationError(
                    """
                    the activity-tracker template needs a Dataverse service's contacts and tasks; \
                    \(documents.joined(separator: " and ")) \(documents.count == 1 ? "lacks" : "lack") \
                    \(missing.joined(separator: ", "))
                    """
                )
            }
            try AppTemplate(example: example, templates: appTemplates)
                .create(at: destination, values: values, metadata: URL(fileURLWithPath: metadata))
            try copy(others, toModelOf: name, in: destination)
            print(
                """
                Created \(destination.path(percentEncoded: false)): open its Package.swift in Xcode to run the app, or \
                `swift build` there.
                """
            )
        }
    }

    /// Fetches the service's metadata into a temporary folder: its `$metadata` first, then the other files written
    /// (entity definitions, the fetch cache that lets `swift package fetch-metadata` revalidate). For Dataverse, the
    /// definitions fetched are those of the entities `configuration` includes, unless the options name others.
    private func fetchMetadata(from serviceURL: String, configuration: String?) async throws -> [URL] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mobilesdkgen-init-\(UUID().uuidString)"
        )
        do {
            let result = try await FetchOperation(
                serviceRoot: serviceURL,
                name: nil,
                output: folder.path,
                options: fetch,
                defaultConfigurationFile: configuration
            )
            .run()
            for line in result.lines { print(line.replacingOccurrences(of: folder.path + "/", with: "")) }
            let files = result.fileNames.map { folder.appendingPathComponent($0) }
            return files
                + [folder.appendingPathComponent(FetchCache.fileName)]
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        } catch let error as FetchError {
            try? FileManager.default.removeItem(at: folder)
            FileHandle.standardError.write(Data("error: cannot fetch the metadata: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// The documents besides `$metadata` (fetched or given), next to it in the model target under names the build
    /// plugin reads, and the fetch cache.
    private func copy(_ files: ArraySlice<URL>, toModelOf appName: String, in destination: URL) throws {
        for file in files {
            let name = file.lastPathComponent
            let copied = name == FetchCache.fileName ? name : MetadataDocumentNames.documentName(for: name)
            try FileManager.default.copyItem(
                at: file,
                to: destination.appending(path: "Sources/\(appName)Model/\(copied)")
            )
        }
    }

    /// `folder` when it exists.
    private static func existing(_ folder: URL) -> URL? {
        FileManager.default.fileExists(atPath: folder.path(percentEncoded: false)) ? folder : nil
    }

    /// The given value, else one typed at a prompt when a terminal is attached.
    private func value(_ given: String?, prompt: String, validate: (String) -> Bool, problem: String) throws -> String {
        if let given {
            guard validate(given) else { throw ValidationError(problem) }
            return given
        }
        guard isatty(STDIN_FILENO) != 0 else { throw ValidationError("\(problem): pass it as an option") }
        while true {
            print("\(prompt): ", terminator: "")
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces) else { throw ExitCode.failure }
            if validate(line) { return line }
            print(problem)
        }
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_"
        }
    }

    /// The package this executable was built in: the nearest folder above it with the Templates folder and a
    /// Package.swift.
    static func checkout() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(
                atPath: folder.appending(path: "Templates/Package").path(percentEncoded: false)
            ),
                FileManager.default.fileExists(
                    atPath: folder.appending(path: "Package.swift").path(percentEncoded: false)
                )
            {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
