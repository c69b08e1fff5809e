/// This package's version: what `mobilesdkgen --version` prints and the version `init` makes new packages depend on
/// (`from:`). CHANGELOG.md's newest heading names the same version (a test checks).
enum Version { static let current = "0.1.0" }
