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

@main enum Fuzz { static func main() throws { try FuzzDriver.main(decode) } }
