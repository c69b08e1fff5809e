import Foundation
import MobileSdk

/// One input for the delta-payload readers: the first byte picks the protocol version (bit 0) and the reader (bit 1:
/// records value by value, as the offline store reads them, into a class with a property of each kind), the rest
/// is a page of a result read with change tracking (entities, removed entries of OData 4.0, 4.01, Dataverse and SAP
/// Gateway, added and deleted links, next and delta links). Errors are expected; crashes, hangs and sanitizer
/// reports are bugs.
func decode(_ bytes: [UInt8]) {
    guard let selector = bytes.first else { return }
    let payload = Data(bytes.dropFirst())
    let decoder = ODataJSONDecoder(version: selector & 1 == 0 ? .v4 : .v2)
    if selector & 2 != 0 {
        var sink = FieldReadingSink()
        _ = try? decoder.decodeRecords(FuzzRecord.self, from: payload, delta: true, into: &sink)
        return
    }
    guard let page = try? decoder.decodeDelta(Entity.self, from: payload) else { return }
    // What the store reads of a page: every removed id and the links must be readable text.
    for removed in page.removedEntities { _ = removed.id.removingPercentEncoding }
    _ = page.deltaLink.flatMap(URL.init(string:))
    _ = page.nextLink.flatMap(URL.init(string:))
}

@main enum Fuzz { static func main() throws { try FuzzDriver.main(decode) } }
