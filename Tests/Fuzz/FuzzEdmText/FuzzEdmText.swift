import Foundation
import MobileSdk

/// One input for the parsers of Edm literals: the text read as a date, a time of day and a duration. What parses must
/// print as text that parses to the same value; a difference is reported as a crash.
func parse(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    if let date = DateOnly(text) { check(DateOnly(date.description) == date, "DateOnly", text) }
    if let time = TimeOfDay(text) { check(TimeOfDay(time.description) == time, "TimeOfDay", text) }
    if let duration = EdmDuration(text) { check(EdmDuration(duration.description) == duration, "EdmDuration", text) }
}

/// Stops the process (so that libFuzzer keeps the input) when a parsed value does not survive printing.
func check(_ condition: Bool, _ type: String, _ text: String) {
    guard !condition else { return }
    print("\(type) of \(text.debugDescription) does not round-trip through its description")
    abort()
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
            parse(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
        exit(unsafeBitCast(symbol, to: RunDriver.self)(&argc, &argv, testOneInput))
    }
}
#else
/// Without libFuzzer: runs each file given through the same code once.
@main
enum Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
    }
}
#endif
