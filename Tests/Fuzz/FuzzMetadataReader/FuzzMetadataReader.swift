import Foundation
import GeneratorPipeline

/// One input for the metadata reader: read as a document (XML or JSON, as the loader tells them apart), then, when
/// it reads without errors, generated into Swift. Any crash, hang or sanitizer report is a bug; diagnostics are not.
func readAndGenerate(_ bytes: [UInt8]) {
    let name = bytes.first == UInt8(ascii: "{") ? "fuzz.json" : "fuzz.xml"
    _ = Pipeline(reading: .init(strict: bytes.count % 2 == 0)).run(.document(named: name, bytes: bytes))
}

@main enum Fuzz { static func main() throws { try FuzzDriver.main(readAndGenerate) } }
