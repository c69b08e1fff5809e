import Foundation
import TestSupport
import Testing

/// `mobilesdkgen init` names every document it copies so that the build plugin reads it: the README's and the
/// plugins article's commands, with both Dataverse documents, give a model target whose option sets are enums.
extension CommandLineTests {
    @Test func initNamesEveryDocumentAsThePluginReadsIt() throws {
        let created = try Paths.temporaryDirectory().appendingPathComponent("MyApp")
        let (status, _, errors) = try run([
            "init", "--name", "MyApp", "--service-url", "https://org.crm.dynamics.com/api/data/v9.2/", "--metadata",
            Paths.sample("Dataverse.WebApi.xml"), "--metadata", Paths.sample("Dataverse.EntityMetadata.xml"),
            "--mobilesdkgen", "https://example.com/mobilesdkgen-swift.git", "-o", created.path,
        ])
        #expect(status == 0, "\(errors)")
        let model = created.appendingPathComponent("Sources/MyAppModel")
        let names = try FileManager.default.contentsOfDirectory(atPath: model.path)
        #expect(names.contains("Dataverse.WebApi.metadata.xml"))
        #expect(names.contains("Dataverse.EntityMetadata.metadata.xml"))
        // No release is tagged: the new package follows the branch, which resolves today.
        let manifest = try String(contentsOf: created.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(url: "https://example.com/mobilesdkgen-swift.git", branch: "main")"#))

        // The model target's folder, read as the plugin reads it: the entity metadata is there, so option sets are
        // enums.
        let output = try Paths.temporaryDirectory()
        let generated = try run(["generate", model.path, "-o", output.path, "--quiet"])
        #expect(generated.status == 0, "\(generated.errors)")
        let code = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(code.contains("public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration"))
        #expect(!generated.errors.contains("no entity definitions"), "\(generated.errors)")
    }
}
