import Foundation
import TestSupport
import Testing

/// Dataverse metadata as the Web API's `RetrieveMetadataChanges` function returns it generates the very classes its
/// `EntityDefinitions` response does.
extension CommandLineTests {
    @Test func metadataChangesGenerateTheSameClassesAsEntityDefinitions() throws {
        var outputs: [[String: String]] = []
        for definitions in ["Dataverse.EntityDefinitions.json", "Dataverse.MetadataChanges.json"] {
            let output = try Paths.temporaryDirectory()
            let result = try run([
                "generate", Paths.sample("Dataverse.WebApi.xml"), Paths.sample(definitions), "--config",
                Paths.sample("Dataverse.config.json"), "-o", output.path, "--quiet",
            ])
            #expect(result.status == 0, "\(result.errors)")
            let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
            outputs.append(
                Dictionary(
                    uniqueKeysWithValues: try names.map {
                        ($0, try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8))
                    }
                )
            )
        }
        #expect(outputs[0].count > 10)
        #expect(outputs[0] == outputs[1])
    }
}
