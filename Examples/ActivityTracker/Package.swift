// swift-tools-version: 6.2
import Foundation
import PackageDescription

// MobileSdkGen is this repository, two folders up; its package identity is its folder's name. `mobilesdkgen init
// --template activity-tracker` replaces the lines down to `mobileSdkGenPackage` with the new package's dependency.
let mobileSdkGenFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let mobileSdkGen: Package.Dependency = .package(path: mobileSdkGenFolder.path)
let mobileSdkGenPackage = mobileSdkGenFolder.lastPathComponent

#if canImport(AppleProductTypes)
import AppleProductTypes

// Xcode and Swift Playgrounds build the ActivityTracker target as an iOS app; no project file is needed.
let app: Product = .iOSApplication(
    name: "ActivityTracker",
    targets: ["ActivityTracker"],
    bundleIdentifier: "com.example.ActivityTracker",
    displayVersion: "1.0",
    bundleVersion: "1",
    appIcon: .placeholder(icon: .calendar),
    accentColor: .presetColor(.blue),
    supportedDeviceFamilies: [.pad, .phone],
    supportedInterfaceOrientations: [
        .portrait,
        .landscapeRight,
        .landscapeLeft,
        .portraitUpsideDown(.when(deviceFamilies: [.pad])),
    ]
)
#else
// `swift build` elsewhere: a plain executable, which without SwiftUI only says that it needs an Apple platform.
let app: Product = .executable(name: "ActivityTracker", targets: ["ActivityTracker"])
#endif

let package = Package(
    name: "ActivityTracker",
    // MobileSdk's minimums: its entities are observable (Observation).
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [app],
    dependencies: [mobileSdkGen],
    targets: [
        // The Dataverse classes, generated while building from the metadata document in Sources/ActivityTrackerModel.
        .target(
            name: "ActivityTrackerModel",
            dependencies: [.product(name: "MobileSdk", package: mobileSdkGenPackage)],
            plugins: [.plugin(name: "MobileSdkGenPlugin", package: mobileSdkGenPackage)]
        ),
        // The view models and everything below the views: no SwiftUI, so they build and are tested everywhere.
        .target(
            name: "ActivityTrackerCore",
            dependencies: [
                "ActivityTrackerModel",
                .product(name: "MobileSdk", package: mobileSdkGenPackage),
                .product(name: "MobileSdkClient", package: mobileSdkGenPackage),
                .product(name: "MobileSdkOffline", package: mobileSdkGenPackage),
            ]
        ),
        // The SwiftUI app.
        .executableTarget(
            name: "ActivityTracker",
            dependencies: [
                "ActivityTrackerCore",
                "ActivityTrackerModel",
                .product(name: "MobileSdk", package: mobileSdkGenPackage),
                .product(name: "MobileSdkClient", package: mobileSdkGenPackage),
                .product(name: "MobileSdkOffline", package: mobileSdkGenPackage),
            ]
        ),
        // The view models against a live service (MOBILESDK_TEST_DATAVERSE_URL).
        .testTarget(
            name: "ActivityTrackerCoreTests",
            dependencies: [
                "ActivityTrackerCore",
                "ActivityTrackerModel",
                .product(name: "MobileSdk", package: mobileSdkGenPackage),
                .product(name: "MobileSdkClient", package: mobileSdkGenPackage),
                .product(name: "MobileSdkOffline", package: mobileSdkGenPackage),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
