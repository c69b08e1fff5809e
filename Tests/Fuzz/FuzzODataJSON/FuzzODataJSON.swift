import Foundation
import MobileSdk

/// One input for the OData JSON decoder: the first byte picks the protocol version and a property type, the rest is
/// the payload, decoded as an entity collection, an entity and a value of that type. Errors are expected; crashes,
/// hangs and sanitizer reports are bugs.
func decode(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let payload = Data(bytes.dropFirst())
    let versions: [ODataVersion] = [.v4, .v2]
    let decoder = ODataJSONDecoder(version: versions[Int(selector) % versions.count])
    _ = try? decoder.decodeCollection(Entity.self, from: payload)
    _ = try? decoder.decodeEntity(Entity.self, from: payload)
    let types: [PropertyType] = [
        .boolean, .byte, .sbyte, .int16, .int32, .int64, .single, .double, .decimal, .string, .guid, .binary,
        .dateTimeOffset, .dateTime, .date, .timeOfDay, .duration, .geography, .geometry, .untyped, .optionSet, .money,
    ]
    let type = types[Int(selector / 3) % types.count]
    _ = try? decoder.decodeValue(from: payload, type: type, collection: selector & 0x80 != 0)
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
            decode(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
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
            decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
    }
}
#endif
