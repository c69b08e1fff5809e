import Foundation
@testable import MobileSdk

// Hand-written stand-ins for generated classes, covering every PropertyType, for the JSON codec tests.
// The `JT` prefix keeps them apart from the other stand-ins of this test target.

/// A geographic position inside ``JTAddress``.
struct JTGeo: ComplexValue {
    var attributes: [String: AttributeValue]
    init(attributes: [String: AttributeValue] = [:]) { self.attributes = attributes }
    static var propertyMetadata: [PropertyMetadata] {
        [.init("Lat", .double), .init("Lon", .double), .init("Checked", .dateTimeOffset)]
    }
}

/// A complex type with a nested complex type, a collection and a member whose payload name differs.
struct JTAddress: ComplexValue {
    var attributes: [String: AttributeValue]
    init(attributes: [String: AttributeValue] = [:]) { self.attributes = attributes }
    static var propertyMetadata: [PropertyMetadata] {
        [
            .init("Street", .string), .init("Zip", .int64), .init("Geo", .complex(JTGeo.self)),
            .init("Lines", .string, collection: true), .init("kind", .enumeration, propertyName: "Kind"),
        ]
    }
}

/// A related entity with a key and a name.
class JTChild: Entity {
    override class var entityLogicalName: String { "jtchild" }
    override class var entityQualifiedName: String? { "Test.Child" }
    override class var entitySetName: String? { "jtchildren" }
    override class var primaryIdAttribute: String? { "childid" }
    override class var propertyMetadata: [PropertyMetadata] {
        [.init("childid", .guid), .init("name", .string), .init("rank", .int64)]
    }
}

/// A class derived from ``JTChild``, found through `@odata.type`.
final class JTSpecialChild: JTChild {
    override class var entityQualifiedName: String? { "Test.SpecialChild" }
    override class var propertyMetadata: [PropertyMetadata] { super.propertyMetadata + [.init("bonus", .decimal)] }
}

/// One property of every kind.
class JTEverything: Entity {
    override class var entityLogicalName: String { "jteverything" }
    override class var entityQualifiedName: String? { "Test.Everything" }
    override class var entitySetName: String? { "jteverythings" }
    override class var primaryIdAttribute: String? { "id" }
    override class var propertyMetadata: [PropertyMetadata] {
        [
            .init("id", .guid), .init("flag", .boolean), .init("byteValue", .byte), .init("sbyteValue", .sbyte),
            .init("small", .int16), .init("count", .int32), .init("big", .int64), .init("single", .single),
            .init("double", .double), .init("amount", .decimal), .init("name", .string), .init("photo", .binary),
            .init("modified", .dateTimeOffset), .init("legacy", .dateTime), .init("birthday", .date),
            .init("opens", .timeOfDay), .init("length", .duration), .init("place", .geography),
            .init("shape", .geometry), .init("extra", .untyped), .init("color", .enumeration),
            .init("status", .optionSet), .init("channels", .optionSet, collection: true), .init("revenue", .money),
            .init(
                "parent",
                .lookup([
                    .init("jtchild", navigationProperty: "parent_jtchild", entitySetName: "jtchildren"),
                    .init("account", navigationProperty: "parent_account", entitySetName: "accounts"),
                ]),
                propertyName: "_parent_value"
            ),
            .init(
                "owner",
                .lookup([.init("systemuser", navigationProperty: "owner_systemuser", entitySetName: "systemusers")]),
                propertyName: "_owner_value"
            ), .init("anyref", .lookup([]), propertyName: "_anyref_value"), .init("address", .complex(JTAddress.self)),
            .init("addresses", .complex(JTAddress.self), collection: true), .init("tags", .string, collection: true),
            .init("scores", .int32, collection: true),
            .init("children", .navigation(JTChild.self), collection: true, propertyName: "Children"),
            .init("best", .navigation(JTChild.self), propertyName: "Best"),
        ]
    }
}

/// A class whose properties all have payload names that differ from their storage names.
final class JTRenamed: Entity {
    override class var entityLogicalName: String { "jtrenamed" }
    override class var propertyMetadata: [PropertyMetadata] {
        [
            .init("title", .string, propertyName: "Title"),
            .init("items", .navigation(JTChild.self), collection: true, propertyName: "Items"),
        ]
    }
}

/// A registry holding the classes above.
func jtRegistry() -> EntityRegistry {
    let registry = EntityRegistry()
    registry.register(JTChild.self)
    registry.register(JTSpecialChild.self)
    registry.register(JTEverything.self)
    return registry
}

/// Decodes one entity from JSON text.
func jtDecode<T: Entity>(_ type: T.Type, _ json: String, version: ODataVersion = .v4) throws -> T {
    try ODataJSONDecoder(version: version, registry: jtRegistry()).decodeEntity(type, from: Data(json.utf8))
}

/// Decodes a collection from JSON text.
func jtDecodeCollection<T: Entity>(_ type: T.Type, _ json: String, version: ODataVersion = .v4) throws
    -> EntityCollection
{ try ODataJSONDecoder(version: version, registry: jtRegistry()).decodeCollection(type, from: Data(json.utf8)) }

/// The encoder's output as text.
func jtText(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

/// Runs `body` with a reader over the UTF-8 bytes of `text`.
func withJSONReader<T>(_ text: String, _ body: (inout JSONReader) throws -> T) throws -> T {
    try Array(text.utf8)
        .withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            return try body(&reader)
        }
}

/// Runs `body` with the UTF-8 bytes of `text`, for the `EdmText` parsers.
func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    try Array(text.utf8).withUnsafeBufferPointer(body)
}

/// The error thrown by `body`, when it is a ``JSONPayloadError``.
func payloadError(_ body: () throws -> Void) -> JSONPayloadError? {
    do {
        try body()
        return nil
    } catch { return error as? JSONPayloadError }
}

let jtID1 = UUID(uuidString: "0C1F2A3B-4D5E-6F70-8192-A3B4C5D6E7F8")!
let jtID2 = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
