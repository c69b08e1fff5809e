import Foundation
import Generator
import MetadataModel
import MetadataReader

/// One input for the metadata reader: read as a document (XML or JSON, as the loader tells them apart), then, when
/// it reads without errors, generated into Swift. Any crash, hang or sanitizer report is a bug; diagnostics are not.
func readAndGenerate(_ bytes: [UInt8]) {
    let name = bytes.first == UInt8(ascii: "{") ? "fuzz.json" : "fuzz.xml"
    let result = MetadataLoader(options: .init(strict: bytes.count % 2 == 0)).load([.init(name: name, bytes: bytes)])
    guard !result.hasErrors else { return }
    _ = Generator(configuration: GeneratorConfiguration()).generate(result.service)
}

#if FUZZING
/// Under libFuzzer (`-sanitize=fuzzer -DFUZZING`): hands the command line to libFuzzer's driver. SwiftPM names an
/// executable's entry point after its target, so libFuzzer's own `main` cannot be used; its driver can.
@main
enum Fuzz {
    static func main() {
        typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        typealias RunDriver = @convention(c) (UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                              TestOneInput) -> CInt
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            print("libFuzzer is not linked: build with -sanitize=fuzzer")
            exit(2)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let testOneInput: TestOneInput = { data, size in
            readAndGenerate(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
        exit(unsafeBitCast(symbol, to: RunDriver.self)(&argc, &argv, testOneInput))
    }
}
#else
/// Without libFuzzer: runs each file given (a crash found earlier, a seed) through the same code once.
@main
enum Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            readAndGenerate(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
    }
}
#endif
