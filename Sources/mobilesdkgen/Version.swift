/// This package's version: what `mobilesdkgen --version` prints. CHANGELOG.md's newest heading names the same version
/// (a test checks). It is not tagged yet, so `init` makes new packages follow the branch `main`.
enum Version { static let current = "0.1.0" }
