import Foundation
import MobileSdk

extension ODataClient {
    /// Links `target` to `entity` through a navigation property: `$ref` in v4, `$links` in v2. A single-valued
    /// navigation property (its metadata says so; late-bound entities use the class registered for their logical name)
    /// is set with PUT, replacing any entity it named; a collection-valued one, or one no metadata describes, gains
    /// `target` with POST.
    nonisolated(nonsending) public func associate(
        _ entity: Entity,
        navigationProperty: String,
        with target: Entity,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) async throws {
        _ = try await send(
            try associateRequest(
                entity,
                navigationProperty: navigationProperty,
                with: target,
                entitySet: entitySet,
                targetEntitySet: targetEntitySet
            )
        )
    }

    /// The request ``associate(_:navigationProperty:with:entitySet:targetEntitySet:)`` sends, for ``batch(_:)``.
    public func associateRequest(
        _ entity: Entity,
        navigationProperty: String,
        with target: Entity,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) throws -> HTTPRequest {
        let targetURL = try resolve(try entityPath(target, entitySet: targetEntitySet)).absoluteString
        return try associateRequest(
            entity,
            navigationProperty: navigationProperty,
            targetURL: targetURL,
            entitySet: entitySet
        )
    }

    /// The request linking `entity` to the entity at `targetURL` (an entity URL, or `$1` in a change set).
    func associateRequest(_ entity: Entity, navigationProperty: String, targetURL: String, entitySet: String?) throws
        -> HTTPRequest
    {
        let source = try entityPath(entity, entitySet: entitySet)
        let (path, body): (String, [String: String]) =
            switch version {
            case .v4: (source + "/" + URLText.path(navigationProperty) + "/$ref", ["@odata.id": targetURL])
            case .v2: (source + "/$links/" + URLText.path(navigationProperty), ["uri": targetURL])
            }
        let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys, .withoutEscapingSlashes])
        let method = isSingleValued(navigationProperty, of: entity) ? "PUT" : "POST"
        return try request(method, path, body: data)
    }

    /// Whether the metadata of `entity`'s class (or, for a late-bound entity, of the class registered for its logical
    /// name) describes `navigationProperty` as single-valued.
    func isSingleValued(_ navigationProperty: String, of entity: Entity) -> Bool {
        var type = Swift.type(of: entity)
        if type == Entity.self, let registered = configuration.registry.type(forLogicalName: entity.logicalName) {
            type = registered
        }
        return type.navigationMetadata(navigationProperty)?.isCollection == false
    }

    /// Removes the link from `entity` to `target` through a navigation property; `target` nil for a single-valued one,
    /// which is cleared without naming its target whatever `target` says (`DELETE …/nav/$ref`).
    nonisolated(nonsending) public func disassociate(
        _ entity: Entity,
        navigationProperty: String,
        from target: Entity? = nil,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) async throws {
        _ = try await send(
            try disassociateRequest(
                entity,
                navigationProperty: navigationProperty,
                from: target,
                entitySet: entitySet,
                targetEntitySet: targetEntitySet
            )
        )
    }

    /// The request ``disassociate(_:navigationProperty:from:entitySet:targetEntitySet:)`` sends, for ``batch(_:)``.
    public func disassociateRequest(
        _ entity: Entity,
        navigationProperty: String,
        from target: Entity? = nil,
        entitySet: String? = nil,
        targetEntitySet: String? = nil
    ) throws -> HTTPRequest {
        let source = try entityPath(entity, entitySet: entitySet)
        let target = isSingleValued(navigationProperty, of: entity) ? nil : target
        var path: String
        switch version {
        case .v4:
            path = source + "/" + URLText.path(navigationProperty) + "/$ref"
            if let target {
                let targetURL = try resolve(try entityPath(target, entitySet: targetEntitySet)).absoluteString
                path += "?$id=" + URLText.query(targetURL)
            }
        case .v2:
            path = source + "/$links/" + URLText.path(navigationProperty)
            if let target { path += try key(of: target).urlSegment(version) }
        }
        return try request("DELETE", path)
    }
}

/// Linking through navigation properties named by key paths: `client.associate(account, \.contactCustomerAccounts,
/// with: contact)`, checked by the compiler against the classes on both ends.
extension ODataClient {
    /// Links `target` to `entity` through the single-valued navigation property `navigation` (PUT `$ref`).
    nonisolated(nonsending) public func associate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, Target?>,
        with target: Target
    ) async throws { try await associate(entity, navigationProperty: try Self.name(of: navigation), with: target) }

    /// Adds `target` to the collection-valued navigation property `navigation` of `entity` (POST `$ref`).
    nonisolated(nonsending) public func associate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, [Target]?>,
        with target: Target
    ) async throws { try await associate(entity, navigationProperty: try Self.name(of: navigation), with: target) }

    /// Clears the single-valued navigation property `navigation` of `entity`.
    nonisolated(nonsending) public func disassociate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, Target?>
    ) async throws { try await disassociate(entity, navigationProperty: try Self.name(of: navigation)) }

    /// Removes `target` from the collection-valued navigation property `navigation` of `entity`.
    nonisolated(nonsending) public func disassociate<Source: Entity, Target: Entity>(
        _ entity: Source,
        _ navigation: KeyPath<Source, [Target]?>,
        from target: Target
    ) async throws { try await disassociate(entity, navigationProperty: try Self.name(of: navigation), from: target) }

    /// The navigation property's name, or ``ODataClientError/invalidRequest(_:)`` for a key path of none.
    static func name<Source: Entity, Value>(of navigation: KeyPath<Source, Value>) throws -> String {
        guard let name = Source.navigationName(navigation) else {
            throw ODataClientError.invalidRequest("\(navigation) reads no navigation property of \(Source.self)")
        }
        return name
    }
}
