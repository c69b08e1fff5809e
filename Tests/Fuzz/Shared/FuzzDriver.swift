import Foundation

/// The entry point every fuzz target shares (a link to this file in each target's folder). Built by
/// `scripts/fuzz.sh` (`-DFUZZING`, libFuzzer linked without its main, since SwiftPM names an executable's entry point
/// after its target): hands the command line to libFuzzer's driver, which calls `body` with each input. Built
/// plainly: runs `body` once on each file given, to replay a crash found earlier.
enum FuzzDriver {
    nonisolated(unsafe) private static var body: ([UInt8]) -> Void = { _ in }

    static func main(_ body: @escaping ([UInt8]) -> Void) throws {
        #if FUZZING
        typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
        typealias RunDriver =
            @convention(c) (
                UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                TestOneInput
            ) -> CInt
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            print("libFuzzer is not linked: build with scripts/fuzz.sh")
            exit(2)
        }
        self.body = body
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let testOneInput: TestOneInput = { data, size in
            FuzzDriver.body(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
        exit(unsafeBitCast(symbol, to: RunDriver.self)(&argc, &argv, testOneInput))
        #else
        for path in CommandLine.arguments.dropFirst() {
            body(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
        #endif
    }
}
