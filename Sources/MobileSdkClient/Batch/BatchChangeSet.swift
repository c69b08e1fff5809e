import Foundation
import MobileSdk

/// The writes of one change set of an ``ODataBatch``, applied by the service all or nothing, in the order added.
/// Each gets a `Content-ID`, through which a later write refers to the entity an earlier create made.
public final class BatchChangeSet {
    private let batch: ODataBatch
    private let segment: Int

    init(batch: ODataBatch, segment: Int) {
        self.batch = batch
        self.segment = segment
    }

    private var client: ODataClient { batch.client }

    /// Creates the entity, like ``ODataClient/create(_:entitySet:)``; `linking` binds its single-valued navigation
    /// properties (a Dataverse lookup's, e.g. `"parentcustomerid_account"`) to entities created earlier in this change
    /// set (`"nav@odata.bind": "$1"`).
    @discardableResult public func create(
        _ entity: Entity,
        entitySet: String? = nil,
        linking: KeyValuePairs<String, BatchItem<EntityLocation>> = [:]
    ) throws -> BatchItem<EntityLocation> {
        var request = try client.createRequest(entity, entitySet: entitySet)
        if !linking.isEmpty { request.body = try bind(request.body ?? Data("{}".utf8), linking) }
        return addCreate(entity, BatchEntry(request: request))
    }

    /// Creates the entity with single-valued navigation properties bound to entities created earlier in this change
    /// set, named by key path: `try changes.create(contact, links: [.link(\.parentCustomerAccount, to: account)])`.
    @discardableResult public func create<T: Entity>(_ entity: T, entitySet: String? = nil, links: [BatchLink<T>])
        throws -> BatchItem<EntityLocation>
    {
        let pairs = try links.map { link -> (String, BatchItem<EntityLocation>) in
            guard let name = link.navigation else {
                throw ODataClientError.invalidRequest(
                    "a batch link's key path reads no navigation property of \(T.self)"
                )
            }
            return (name, link.target)
        }
        var request = try client.createRequest(entity, entitySet: entitySet)
        if !pairs.isEmpty { request.body = try bind(request.body ?? Data("{}".utf8), pairs) }
        return addCreate(entity, BatchEntry(request: request))
    }

    /// Links the entity created earlier in this change set to `entity` through the collection-valued navigation
    /// property a key path reads: `try changes.associate(account, \.contactCustomerAccounts, with: contact)`.
    @discardableResult public func associate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, [Target]?>,
        with created: BatchItem<EntityLocation>
    ) throws -> BatchItem<Void> {
        try associate(entity, navigationProperty: try ODataClient.name(of: navigation), with: created)
    }

    /// Creates the entity in a navigation property of an entity created earlier in this change set: `POST $1/Trips`.
    @discardableResult public func create(
        _ entity: Entity,
        in navigationProperty: String,
        of parent: BatchItem<EntityLocation>
    ) throws -> BatchItem<EntityLocation> {
        let target = try reference(parent) + "/" + navigationProperty
        let request = try client.createRequest(entity, entitySet: target)
        return addCreate(entity, BatchEntry(request: request, target: URLText.path(target)))
    }

    /// Sends the entity's changes, like ``ODataClient/update(_:entitySet:)``.
    @discardableResult public func update(_ entity: Entity, entitySet: String? = nil) throws -> BatchItem<Void> {
        let request = try client.updateRequest(entity, entitySet: entitySet)
        return batch.add(
            BatchEntry(request: request),
            segment: segment,
            onSuccess: { response in
                entity.eTag = response[header: "ETag"] ?? entity.eTag
                entity.acceptChanges()
            },
            read: { _, _, _ in }
        )
    }

    /// Deletes the entity, like ``ODataClient/delete(_:entitySet:)``.
    @discardableResult public func delete(_ entity: Entity, entitySet: String? = nil) throws -> BatchItem<Void> {
        batch.add(BatchEntry(request: try client.deleteRequest(entity, entitySet: entitySet)), segment: segment) {
            _,
            _,
            _ in
        }
    }

    /// Links `target` to `entity`, like
    /// ``ODataClient/associate(_:navigationProperty:with:entitySet:targetEntitySet:)``.
    @discardableResult public func associate(
        _ entity: Entity,
        navigationProperty: String,
        with target: Entity,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) throws -> BatchItem<Void> {
        let request = try client.associateRequest(
            entity,
            navigationProperty: navigationProperty,
            with: target,
            entitySet: entitySet,
            targetEntitySet: targetEntitySet
        )
        return batch.add(BatchEntry(request: request), segment: segment) { _, _, _ in }
    }

    /// Links the entity created earlier in this change set to `entity`.
    @discardableResult public func associate(
        _ entity: Entity,
        navigationProperty: String,
        with created: BatchItem<EntityLocation>,
        entitySet: String? = nil
    ) throws -> BatchItem<Void> {
        let request = try client.associateRequest(
            entity,
            navigationProperty: navigationProperty,
            targetURL: try reference(created),
            entitySet: entitySet
        )
        return batch.add(BatchEntry(request: request), segment: segment) { _, _, _ in }
    }

    /// Removes a link, like ``ODataClient/disassociate(_:navigationProperty:from:entitySet:targetEntitySet:)``.
    @discardableResult public func disassociate(
        _ entity: Entity,
        navigationProperty: String,
        from target: Entity? = nil,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) throws -> BatchItem<Void> {
        let request = try client.disassociateRequest(
            entity,
            navigationProperty: navigationProperty,
            from: target,
            entitySet: entitySet,
            targetEntitySet: targetEntitySet
        )
        return batch.add(BatchEntry(request: request), segment: segment) { _, _, _ in }
    }

    /// An action through its generated request type (`WinOpportunityRequest`, say).
    @discardableResult public func invoke<Operation: ODataOperation>(_ operation: Operation) throws -> BatchItem<
        Operation.Response
    > {
        guard operation.call.isAction else {
            throw ODataClientError.invalidRequest(
                "\(operation.call.operationName) is a function: add it to the batch, not a change set"
            )
        }
        let request = try client.operationRequest(operation.call)
        return batch.add(BatchEntry(request: request), segment: segment) { client, response, request in
            try client.operationResponse(Operation.self, response, request: request)
        }
    }

    // MARK: Helpers

    private func addCreate(_ entity: Entity, _ entry: BatchEntry) -> BatchItem<EntityLocation> {
        batch.add(
            entry,
            segment: segment,
            onSuccess: { [client] response in
                guard let location = try? client.createdLocation(response, request: entry.request) else { return }
                if let id = location.id, entity.recordId == nil { entity.recordId = id }
                entity.eTag = response[header: "ETag"] ?? entity.eTag
                entity.acceptChanges()
            },
            read: { client, response, request in try client.createdLocation(response, request: request) }
        )
    }

    /// `$n` of an item of this change set.
    private func reference(_ item: BatchItem<EntityLocation>) throws -> String {
        guard let reference = item.reference, batch.segments[segment].indices.contains(item.index) else {
            throw ODataClientError.invalidRequest("a Content-ID reference must name a create of the same change set")
        }
        return reference
    }

    /// The JSON body with bindings of navigation properties to `$n` references put first: `nav@odata.bind` (OData
    /// v4), or a deferred link `{"__metadata": {"uri": "$n"}}` (v2).
    private func bind(_ body: Data, _ links: KeyValuePairs<String, BatchItem<EntityLocation>>) throws -> Data {
        try bind(body, links.map { ($0.key, $0.value) })
    }

    private func bind(_ body: Data, _ links: [(String, BatchItem<EntityLocation>)]) throws -> Data {
        var bindings = ""
        for (navigationProperty, item) in links {
            let reference = try reference(item)
            let key = client.version == .v4 ? navigationProperty + "@odata.bind" : navigationProperty
            let value: Any = client.version == .v4 ? reference : ["__metadata": ["uri": reference]]
            let member = try JSONSerialization.data(
                withJSONObject: [key: value],
                options: [.sortedKeys, .withoutEscapingSlashes]
            )
            bindings += (bindings.isEmpty ? "" : ",") + String(decoding: member.dropFirst().dropLast(), as: UTF8.self)
        }
        let text = String(decoding: body, as: UTF8.self)
        guard let open = text.firstIndex(of: "{") else {
            throw ODataClientError.invalidRequest("the entity's body is not a JSON object")
        }
        let rest = text[text.index(after: open)...].drop { $0 == " " || $0 == "\n" }
        return Data(("{" + bindings + (rest.first == "}" ? "" : ",") + rest).utf8)
    }
}

/// A single-valued navigation property of a record a change set creates, bound to a record created before it in the
/// same change set (``BatchChangeSet/create(_:entitySet:links:)``).
public struct BatchLink<Source: Entity> {
    let navigation: String?
    let target: BatchItem<EntityLocation>

    /// `navigation` bound to the record `target` creates.
    public static func link<Target: Entity>(
        _ navigation: KeyPath<Source, Target?>,
        to target: BatchItem<EntityLocation>
    ) -> BatchLink { BatchLink(navigation: Source.navigationName(navigation), target: target) }
}
