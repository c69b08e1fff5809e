// swift-tools-version: 6.2
import Foundation
import PackageDescription

// A consumer of MobileSdkGen, as a user's package would be: the build-tool plugin generates the
// TripPinModel target's classes from its metadata document while the package builds.
// The repository root is two folders up; its package identity is its folder's name.
let mobileSdkGen = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let identity = mobileSdkGen.lastPathComponent

let package = Package(
    name: "TripPinClient",
    // MobileSdk's minimums: its entities are observable (Observation).
    platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    dependencies: [
        .package(path: mobileSdkGen.path),
    ],
    targets: [
        .target(
            name: "TripPinModel",
            dependencies: [.product(name: "MobileSdk", package: identity)],
            plugins: [.plugin(name: "MobileSdkGenPlugin", package: identity)]
        ),
        .testTarget(name: "TripPinModelTests", dependencies: ["TripPinModel"]),
    ],
    swiftLanguageModes: [.v6]
)
