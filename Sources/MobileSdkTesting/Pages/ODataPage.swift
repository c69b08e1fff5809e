import Foundation
import MobileSdk

/// A page of a query's result as an OData service sends it, built from entities of generated classes: the body of
/// a scripted response (``ScriptedTransport/Reply/page(_:version:registry:status:)``) or the seed of a store
/// (``MobileSdkOffline/OfflineStore/seeded(page:of:version:types:definingQueries:client:indexes:registry:)``).
///
/// ```swift
/// let page = ODataPage([ana, ben], nextLink: "https://example.com/odata/People?$skiptoken=2", count: 3)
/// let body = try page.json()   // {"@odata.count":3,"value":[…],"@odata.nextLink":"…"}
/// ```
///
/// The entities are written by the runtime's own `ODataJSONEncoder`, as a create body with its related entities
/// nested, after their `@odata.etag` (`__metadata.etag` in OData v2) when they have one. Dynamics lookups set as
/// entity references are written as a request writes them (`…@odata.bind` in OData v4), which responses do not hold:
/// give a Dataverse page its `_…_value` columns in JSON text instead. Derived types get no `@odata.type`.
public struct ODataPage {
    /// How a delta page writes the records it removes.
    public enum RemovalFormat: Sendable, Hashable {
        /// OData 4.0's (and Dataverse's, and SAP Gateway's in OData v2) deleted entity:
        /// `{"@odata.context": "$metadata#$deletedEntity", "id": …, "reason": …}`.
        case deletedEntity
        /// OData 4.01's `{"@removed": {"reason": …}, "@id": …}`; OData v4 only.
        case removedAnnotation
    }

    /// The entities of the page, in order.
    public var entities: [Entity]
    /// The records a delta page reports as removed, after the entities.
    public var removed: [RemovedEntity]
    /// How ``removed`` is written.
    public var removalFormat: RemovalFormat
    /// The link to the next page (`@odata.nextLink`, `__next`).
    public var nextLink: String?
    /// The link to the changes after this result (`@odata.deltaLink`, `__delta`), on a delta result's last page.
    public var deltaLink: String?
    /// The number of records the query matches (`@odata.count`, `__count`).
    public var count: Int?

    /// Creates a page of `entities` and, for a delta page, the records `removed`, with its links and count.
    public init(
        _ entities: [Entity],
        removed: [RemovedEntity] = [],
        removalFormat: RemovalFormat = .deletedEntity,
        nextLink: String? = nil,
        deltaLink: String? = nil,
        count: Int? = nil
    ) {
        self.entities = entities
        self.removed = removed
        self.removalFormat = removalFormat
        self.nextLink = nextLink
        self.deltaLink = deltaLink
        self.count = count
    }

    /// The page as the JSON of `version`: `{"value": […]}` in OData v4, verbose `{"d": {"results": […]}}` in v2.
    /// Members come in a fixed order, so the same page always gives the same bytes. Throws the encoder's
    /// `ODataEncodingError` for an entity it cannot write, and for a 4.01 removal in OData v2.
    public func json(version: ODataVersion = .v4, registry: EntityRegistry = .shared) throws -> Data {
        let encoder = ODataJSONEncoder(version: version, ieee754Compatible: false, registry: registry)
        var elements = try entities.map { try entityJSON($0, encoder: encoder, version: version) }
        elements += try removed.map { try removalJSON($0, version: version) }
        let array = "[" + elements.joined(separator: ",") + "]"
        var members: [String] = []
        switch version {
        case .v4:
            if let count { members.append("\"@odata.count\":\(count)") }
            members.append("\"value\":" + array)
            if let nextLink { members.append("\"@odata.nextLink\":" + JSONText.string(nextLink)) }
            if let deltaLink { members.append("\"@odata.deltaLink\":" + JSONText.string(deltaLink)) }
            return Data(("{" + members.joined(separator: ",") + "}").utf8)
        case .v2:
            if let count { members.append("\"__count\":" + JSONText.string(String(count))) }
            members.append("\"results\":" + array)
            if let nextLink { members.append("\"__next\":" + JSONText.string(nextLink)) }
            if let deltaLink { members.append("\"__delta\":" + JSONText.string(deltaLink)) }
            return Data(("{\"d\":{" + members.joined(separator: ",") + "}}").utf8)
        }
    }

    /// One entity's object, its ETag first.
    private func entityJSON(_ entity: Entity, encoder: ODataJSONEncoder, version: ODataVersion) throws -> String {
        let body = String(decoding: try encoder.encodeForCreate(entity), as: UTF8.self)
        guard let eTag = entity.eTag else { return body }
        let annotation =
            switch version {
            case .v4: "\"@odata.etag\":" + JSONText.string(eTag)
            case .v2: "\"__metadata\":{\"etag\":" + JSONText.string(eTag) + "}"
            }
        let rest = body.dropFirst()
        return "{" + annotation + (rest.first == "}" ? "" : ",") + rest
    }

    /// One removed record's object.
    private func removalJSON(_ removal: RemovedEntity, version: ODataVersion) throws -> String {
        let id = JSONText.string(removal.id)
        let reason = JSONText.string(removal.reason.rawValue)
        switch removalFormat {
        case .deletedEntity:
            return "{\"@odata.context\":\"$metadata#$deletedEntity\",\"id\":\(id),\"reason\":\(reason)}"
        case .removedAnnotation:
            guard version == .v4 else {
                throw ODataEncodingError(message: "OData v2 has no @removed annotation: use .deletedEntity")
            }
            return "{\"@removed\":{\"reason\":\(reason)},\"@id\":\(id)}"
        }
    }
}
