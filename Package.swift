// swift-tools-version: 6.2
import PackageDescription

// Apple's SDKs have libxml2 as a module of their own (`import libxml2`, Xcode 12 and later): there the reader needs no
// pkg-config, Homebrew or search path. Elsewhere the system-library target `CLibXML2` finds it through pkg-config.
let applePlatforms: [Platform] = [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS]
let libxml2 = Target.Dependency.target(
    name: "CLibXML2",
    condition: .when(platforms: [.linux, .android, .windows, .openbsd, .wasi])
)

let package = Package(
    name: "MobileSdkGen",
    // Observation (entities are observable) sets the floor: iOS 17, macOS 14 and their siblings; Mac Catalyst follows
    // iOS. README "Platforms" lists what was checked against these minimums.
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "mobilesdkgen", targets: ["mobilesdkgen"]),
        .library(name: "MetadataModel", targets: ["MetadataModel"]),
        .library(name: "MetadataReader", targets: ["MetadataReader"]),
        .library(name: "MobileSdk", targets: ["MobileSdk"]),
        .library(name: "MobileSdkClient", targets: ["MobileSdkClient"]),
        .library(name: "MobileSdkOffline", targets: ["MobileSdkOffline"]),
        .library(name: "MobileSdkOrganizationService", targets: ["MobileSdkOrganizationService"]),
        .library(name: "MobileSdkTesting", targets: ["MobileSdkTesting"]),
        .plugin(name: "MobileSdkGenPlugin", targets: ["MobileSdkGenPlugin"]),
        .plugin(name: "GenerateEntities", targets: ["GenerateEntities"]),
        .plugin(name: "FetchMetadata", targets: ["FetchMetadata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation`, run by scripts/build-docs.sh.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // SQLite for the offline store only: migrations, a WAL pool and value observation.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // The intermediate model: plain value types, no dependencies.
        .target(name: "MetadataModel"),
        // How JSON writes a string, for the metadata reader's JSON and the runtime's: no dependencies.
        .target(name: "JSONSyntax"),
        .testTarget(name: "JSONSyntaxTests", dependencies: ["JSONSyntax"]),
        // Streaming libxml2 reader: metadata XML → MetadataModel.
        .target(
            name: "MetadataReader",
            dependencies: ["MetadataModel", "JSONSyntax", libxml2],
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: applePlatforms))]
        ),
        // Runs mobilesdkgen on a target's metadata documents as part of its build.
        .plugin(name: "MobileSdkGenPlugin", capability: .buildTool(), dependencies: ["mobilesdkgen"]),
        // `swift package generate-entities`: writes the generated classes into the target's folder.
        .plugin(
            name: "GenerateEntities",
            capability: .command(
                intent: .custom(
                    verb: "generate-entities",
                    description: "Generate Swift entity classes from the metadata documents of a target into its "
                        + "Generated folder"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "writes the generated Swift sources into the target's Generated folder"
                    )
                ]
            ),
            dependencies: ["mobilesdkgen"]
        ),
        // `swift package fetch-metadata SERVICE_ROOT`: `mobilesdkgen fetch` into the folder the build plugin reads.
        .plugin(
            name: "FetchMetadata",
            capability: .command(
                intent: .custom(
                    verb: "fetch-metadata",
                    description: "Download a service's metadata into a target's folder, for the build plugin to "
                        + "generate from"
                ),
                permissions: [
                    .allowNetworkConnections(
                        scope: .all(),
                        reason: "downloads the service's $metadata and, for Dataverse, entity definitions"
                    ), .writeToPackageDirectory(reason: "writes the metadata documents into the target's folder"),
                ]
            ),
            dependencies: ["mobilesdkgen"]
        ),
        // A structured representation of Swift declarations and its renderer: no dependencies.
        .target(name: "SwiftEmitter"),
        // Translators from the model to Swift declarations, naming, and the output file layout.
        .target(name: "Generator", dependencies: ["MetadataModel", "SwiftEmitter"]),
        // How the client and the command-line tool reach a service: form encoding and owner-only token files, one
        // copy for both. Foundation only.
        .target(name: "ServiceAccess", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .testTarget(name: "ServiceAccessTests", dependencies: ["ServiceAccess"]),
        // The named stages from documents to files (raw input → parsed → translated → rendered) that the command
        // line and the tests enter through.
        .target(name: "GeneratorPipeline", dependencies: ["MetadataModel", "MetadataReader", "Generator"]),
        .executableTarget(
            name: "mobilesdkgen",
            dependencies: [
                "ServiceAccess", "MetadataModel", "MetadataReader", "GeneratorPipeline", "Generator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ReaderBenchmark",
            dependencies: ["MetadataModel", "GeneratorPipeline"],
            path: "Benchmarks/ReaderBenchmark"
        ),
        // Decoding 10,000 Dataverse-like records into generated classes beside JSONDecoder into Codable structs.
        .executableTarget(
            name: "DecodeBenchmark",
            dependencies: ["MobileSdk"],
            path: "Benchmarks/DecodeBenchmark",
            exclude: ["Metadata"]
        ),
        // The offline store's download beside raw SQLite inserts, its local and live queries, its memory.
        .executableTarget(
            name: "OfflineBenchmark",
            dependencies: [
                "MobileSdk", "MobileSdkClient", "MobileSdkOffline", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/OfflineBenchmark"
        ),
        // A million Dataverse-like records of 30 columns into the offline store beside raw SQLite inserts, then a
        // delta and a key diff, its local queries, file size and memory page by page (issue #41).
        .executableTarget(
            name: "FieldScaleBenchmark",
            dependencies: [
                "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "CHeapStats",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift", condition: .when(platforms: [.linux])),
            ],
            path: "Benchmarks/FieldScaleBenchmark",
            exclude: ["Metadata"]
        ),
        // The C allocator's bytes in use, for FieldScaleBenchmark's memory figures.
        .target(name: "CHeapStats", path: "Benchmarks/CHeapStats"),
        // Streaming a file up and down with the client, for scripts/stream-benchmark.sh's peak memory figures.
        .executableTarget(
            name: "StreamBenchmark",
            dependencies: ["MobileSdk", "MobileSdkClient"],
            path: "Benchmarks/StreamBenchmark"
        ),
        // libFuzzer targets (scripts/fuzz.sh builds them with -DFUZZING); built plainly, each replays the files given.
        .executableTarget(
            name: "FuzzMetadataReader",
            dependencies: ["GeneratorPipeline"],
            path: "Tests/Fuzz/FuzzMetadataReader"
        ), .executableTarget(name: "FuzzODataJSON", dependencies: ["MobileSdk"], path: "Tests/Fuzz/FuzzODataJSON"),
        .executableTarget(name: "FuzzEdmText", dependencies: ["MobileSdk"], path: "Tests/Fuzz/FuzzEdmText"),
        .executableTarget(
            name: "FuzzSOAPResponse",
            dependencies: ["MobileSdkOrganizationService", "MobileSdk", "DataverseModel"],
            path: "Tests/Fuzz/FuzzSOAPResponse"
        ),
        .executableTarget(
            name: "FuzzODataDelta",
            dependencies: ["MobileSdk"],
            path: "Tests/Fuzz/FuzzODataDelta",
            exclude: ["Seeds"]
        ),
        // The runtime that generated entity classes link against: Foundation and JSONSyntax only.
        .target(name: "MobileSdk", dependencies: ["JSONSyntax"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        .testTarget(name: "MobileSdkTests", dependencies: ["MobileSdk", "TestSupport"]),
        // What the test targets share: the test servers' variables, the built products, the swiftc type-check harness.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The async OData client: requests, authentication, retries; separate so that generated code stays thin.
        .target(
            name: "MobileSdkClient",
            dependencies: ["MobileSdk", "ServiceAccess"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // The offline store: defining queries downloaded into SQLite, local and live queries, queued writes and
        // their upload. Generated code and MobileSdk stay free of it.
        .target(
            name: "MobileSdkOffline",
            dependencies: [
                "MobileSdk", "MobileSdkClient", "ServiceAccess", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        // Organization-service messages over SOAP (`Execute`), for Dynamics servers whose OData endpoint does CRUD only.
        .target(
            name: "MobileSdkOrganizationService",
            dependencies: ["MobileSdk", "MobileSdkClient", "ServiceAccess"],
            // The typed messages' description: Messages/Generated is made from it (generate-organization-messages.sh).
            exclude: ["Messages/OrganizationMessages.xml"],
            resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .testTarget(
            name: "MobileSdkOrganizationServiceTests",
            dependencies: [
                "MobileSdkOrganizationService", "MobileSdk", "MobileSdkClient", "MobileSdkTesting", "DataverseModel",
                "TestSupport",
            ]
        ),
        // What apps' tests use instead of a service: a scripted, recording transport, OData pages of generated
        // classes, an in-memory store seeded from them and a clock for retries. Links into test bundles only.
        .target(name: "MobileSdkTesting", dependencies: ["MobileSdk", "MobileSdkClient", "MobileSdkOffline"]),
        .testTarget(
            name: "MobileSdkTestingTests",
            dependencies: ["MobileSdkTesting", "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "TripPinModel"]
        ),
        // The process the offline store's crash-safety test kills in the middle of an upload.
        .executableTarget(
            name: "OfflineUploadChild",
            dependencies: ["MobileSdkOffline", "MobileSdkClient", "TripPinModel", "SAPDeltaModel"],
            path: "Tests/OfflineUploadChild"
        ),
        .testTarget(
            name: "MobileSdkOfflineTests",
            dependencies: [
                "MobileSdkOffline", "MobileSdk", "MobileSdkClient", "MobileSdkTesting", "TripPinModel",
                "DataverseModel", "SAPDeltaModel", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "MobileSdkClientTests",
            dependencies: [
                "MobileSdkClient", "MobileSdk", "MobileSdkTesting", "DataverseModel", "CRM2011Model", "TripPinModel",
                "SAPModel",
            ],
            resources: [.copy("Payloads")]
        ),
        // Every public error of the libraries as an alert shows it (`localizedDescription`), one sample per case.
        .testTarget(
            name: "ErrorMessageTests",
            dependencies: [
                "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService", "MobileSdkTesting",
                "ServiceAccess", "TestSupport",
            ]
        ),
        // Generated classes against real OData servers started by scripts/test-servers.sh.
        .testTarget(
            name: "LiveServiceTests",
            dependencies: [
                "MobileSdkClient", "MobileSdk", "MobileSdkTesting", "TripPinModel", "CRM2011Model", "GalleryModel",
                "DataverseModel", "TestSupport",
            ]
        ),
        // The plugins' input rules, compiled from the plugin's own source file (a link).
        .testTarget(name: "PluginTests"),
        .testTarget(
            name: "GeneratorTests",
            dependencies: [
                "GeneratorPipeline", "Generator", "SwiftEmitter", "MetadataModel", "MetadataReader", "TestSupport",
            ]
        ),
        // The golden files, compiled against the runtime (scripts/update-golden-files.sh writes them).
        .target(name: "TripPinModel", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/TripPinModel"),
        .target(name: "DataverseModel", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/DataverseModel"),
        .target(name: "CRM2011Model", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/CRM2011Model"),
        .target(name: "SAPModel", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/SAPModel"),
        .target(name: "GalleryModel", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/GalleryModel"),
        .target(name: "SAPDeltaModel", dependencies: ["MobileSdk"], path: "Tests/GoldenFiles/SAPDeltaModel"),
        .testTarget(
            name: "GeneratedCodeTests",
            dependencies: ["MobileSdk", "TripPinModel", "DataverseModel", "CRM2011Model", "SAPModel", "TestSupport"]
        ),
        // Every Swift block of the README and the DocC articles: compiled, found in the golden files, or run against
        // the TripPin test server, as the comment before it says; and each product's public symbols against the
        // topics of its DocC landing page.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "TestSupport", "MobileSdk", "MobileSdkClient", "MobileSdkOffline", "MobileSdkOrganizationService",
                "MobileSdkTesting", "TripPinModel", "DataverseModel", "CRM2011Model",
            ]
        ),
        // mobilesdkgen as a user runs it: generate, inspect, init, fetch against the test servers.
        .testTarget(name: "CommandLineToolTests", dependencies: ["TestSupport", "MobileSdkClient"]),
        .testTarget(
            name: "MetadataReaderTests",
            dependencies: ["MetadataModel", "MetadataReader", libxml2, "TestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
