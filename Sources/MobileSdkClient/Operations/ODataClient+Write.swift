import Foundation
import MobileSdk

extension ODataClient {
    /// Creates the entity with every attribute it holds (and its related entities, as a deep insert). Afterwards the
    /// entity has its id and no pending changes.
    ///
    /// `entitySet` defaults to the entity's class's.
    @discardableResult nonisolated(nonsending) public func create(_ entity: Entity, entitySet: String? = nil)
        async throws -> EntityLocation
    {
        let request = try createRequest(entity, entitySet: entitySet)
        let response = try await send(request)
        let location = try createdLocation(response, request: request)
        if let id = location.id, entity.recordId == nil { entity.recordId = id }
        entity.eTag = response[header: "ETag"] ?? entity.eTag
        entity.acceptChanges()
        return location
    }

    /// Creates the entity and returns the service's representation of it (`Prefer: return=representation`).
    nonisolated(nonsending) public func createAndRetrieve<T: Entity>(_ entity: T, entitySet: String? = nil) async throws
        -> T
    {
        var preferences = configuration.preferences
        preferences.returnContent = .representation
        let request = try createRequest(entity, entitySet: entitySet, preferences: preferences)
        let response = try await send(request)
        guard !response.body.isEmpty else {
            throw ODataClientError.unexpectedResponse(
                "the service returned no representation",
                request: request.summary
            )
        }
        let created = try decoding(request) {
            try decoder.decodeEntity(T.self, from: response.body, logicalName: entity.logicalName)
        }
        entity.acceptChanges()
        return created
    }

    /// The POST that creates `entity`, for ``create(_:entitySet:)`` and ``batch(_:)``.
    public func createRequest(_ entity: Entity, entitySet: String? = nil) throws -> HTTPRequest {
        try createRequest(entity, entitySet: entitySet, preferences: nil)
    }

    private func createRequest(_ entity: Entity, entitySet: String?, preferences: Preferences?) throws -> HTTPRequest {
        let set = try entitySetName(type(of: entity), entitySet)
        let body = try encoding { try encoder.encodeForCreate(entity) }
        return try request("POST", URLText.path(set), body: body, preferences: preferences)
    }

    /// Sends the attributes changed since the entity was loaded or saved (PATCH; MERGE in OData v2): `nil`-cleared
    /// ones as null, untouched ones not at all. Sends nothing when nothing changed. With an `Entity.eTag`, the
    /// update applies only if the record has not changed since (`If-Match`); else only if it exists (`If-Match: *`).
    nonisolated(nonsending) public func update(_ entity: Entity, entitySet: String? = nil) async throws {
        guard !entity.changedAttributeNames.isEmpty else { return }
        let request = try updateRequest(entity, entitySet: entitySet)
        let response = try await send(request)
        entity.eTag = response[header: "ETag"] ?? entity.eTag
        entity.acceptChanges()
    }

    /// The request ``update(_:entitySet:)`` sends.
    public func updateRequest(_ entity: Entity, entitySet: String? = nil) throws -> HTTPRequest {
        let path = try entityPath(entity, entitySet: entitySet)
        let body = try encoding { try encoder.encodeForUpdate(entity) }
        var request: HTTPRequest
        switch version {
        case .v4:
            request = try self.request("PATCH", path, body: body)
            request[header: "If-Match"] = entity.eTag ?? "*"
        case .v2:
            // MERGE tunnelled through POST, as CRM 2011's REST endpoint and proxies expect.
            request = try self.request("POST", path, body: body)
            request[header: "X-HTTP-Method"] = "MERGE"
            if let eTag = entity.eTag { request[header: "If-Match"] = eTag }
        }
        return request
    }

    /// Creates the record with this key or updates it (OData v4 PATCH without preconditions), e.g. by an
    /// alternate key: `upsert(account, key: EntityKey(["accountnumber": .string("A-1")]))`.
    nonisolated(nonsending) public func upsert(_ entity: Entity, key: EntityKey? = nil, entitySet: String? = nil)
        async throws
    {
        _ = try await send(try upsertRequest(entity, key: key, entitySet: entitySet))
        entity.acceptChanges()
    }

    /// The request ``upsert(_:key:entitySet:)`` sends; with `createOnly`, an OData v4 PATCH that creates the record
    /// or fails with 412 when it exists (`If-None-Match: *`), which makes sending a create twice harmless.
    public func upsertRequest(
        _ entity: Entity,
        key: EntityKey? = nil,
        entitySet: String? = nil,
        createOnly: Bool = false
    ) throws -> HTTPRequest {
        let set = try entitySetName(type(of: entity), entitySet)
        let segment = try (key ?? self.key(of: entity)).urlSegment(version)
        let body = try encoding { try encoder.encodeForCreate(entity) }
        var request = try request(version == .v4 ? "PATCH" : "PUT", URLText.path(set + segment), body: body)
        if createOnly { request[header: "If-None-Match"] = "*" }
        return request
    }

    /// Deletes the entity; with an `Entity.eTag`, only if the record has not changed since.
    nonisolated(nonsending) public func delete(_ entity: Entity, entitySet: String? = nil) async throws {
        _ = try await send(try deleteRequest(entity, entitySet: entitySet))
    }

    /// The request ``delete(_:entitySet:)`` sends, for ``batch(_:)``.
    public func deleteRequest(_ entity: Entity, entitySet: String? = nil) throws -> HTTPRequest {
        var request = try self.request("DELETE", try entityPath(entity, entitySet: entitySet))
        request[header: "If-Match"] = entity.eTag ?? (version == .v4 ? "*" : nil)
        return request
    }

    /// Deletes the record with this key.
    nonisolated(nonsending) public func delete(_ type: Entity.Type, key: EntityKey, entitySet: String? = nil)
        async throws
    {
        let set = try entitySetName(type, entitySet)
        var request = try self.request("DELETE", URLText.path(set + (try key.urlSegment(version))))
        if version == .v4 { request[header: "If-Match"] = "*" }
        _ = try await send(request)
    }

    /// `entityset(key)` of an entity, percent-encoded.
    func entityPath(_ entity: Entity, entitySet: String?) throws -> String {
        let set = try entitySetName(type(of: entity), entitySet)
        return URLText.path(set + (try key(of: entity).urlSegment(version)))
    }

    /// The key of `entity`, or ``ODataClientError/unaddressable(_:)`` when it lacks one.
    func key(of entity: Entity) throws -> EntityKey {
        do { return try EntityKey.of(entity) } catch let error as ODataEncodingError {
            throw ODataClientError.unaddressable(error.message)
        }
    }

    /// The created entity's URL and id: `OData-EntityId` or `Location`, else the v2 body's `__metadata.uri`.
    func createdLocation(_ response: HTTPResponse, request: HTTPRequest) throws -> EntityLocation {
        var url = response[header: "OData-EntityId"] ?? response[header: "Location"]
        if url == nil, let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] {
            let entity = (object["d"] as? [String: Any]) ?? object
            url = ((entity["__metadata"] as? [String: Any])?["uri"] as? String) ?? (entity["@odata.id"] as? String)
        }
        guard let url else {
            throw ODataClientError.unexpectedResponse(
                "the service did not say where the entity was created",
                request: request.summary
            )
        }
        return EntityLocation(url: url, id: Self.keyGuid(url))
    }

    /// The GUID in the last key segment of an entity URL: `…/accounts(<guid>)`, `…(guid'<guid>')`.
    static func keyGuid(_ url: String) -> UUID? {
        guard let open = url.lastIndex(of: "("), let close = url.lastIndex(of: ")"), open < close else { return nil }
        var key = url[url.index(after: open)..<close]
        if key.hasPrefix("guid'") { key = key.dropFirst(5).dropLast() }
        return UUID(uuidString: String(key))
    }

    func encoding<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as ODataEncodingError {
            throw ODataClientError.invalidRequest(error.message)
        }
    }
}
