import Foundation

/// The entities of one entity set of a generated service, typed as their generated class:
/// `try await service.people.retrieve(EntityKey("russellwhyte"))` returns a `Person`.
public struct EntitySetAccessor<T: Entity>: Sendable {
    /// The client that sends the requests, usually an `ODataClient`.
    public let client: any ODataServiceClient
    /// The entity set's name in URLs.
    public let name: String

    /// Creates an accessor for the entity set `name` that sends its requests through `client`.
    public init(client: any ODataServiceClient, name: String) {
        self.client = client
        self.name = name
    }

    /// The entity with this key.
    nonisolated(nonsending) public func retrieve(_ key: EntityKey) async throws -> T {
        try await client.read(T.self, key: key, in: name)
    }

    /// The entity with this GUID key (every Dynamics entity has one).
    nonisolated(nonsending) public func retrieve(id: UUID) async throws -> T { try await retrieve(.id(id)) }

    /// The entity with this key, with the properties `query` selects and the related entities it expands:
    /// `try await service.contacts.retrieve(id: id, Query<Contact>().select(\.fullName))`.
    nonisolated(nonsending) public func retrieve(_ key: EntityKey, _ query: Query<T>) async throws -> T {
        try await client.read(query, key: key, in: name)
    }

    /// The entity with this GUID key, with what `query` selects and expands.
    nonisolated(nonsending) public func retrieve(id: UUID, _ query: Query<T>) async throws -> T {
        try await retrieve(.id(id), query)
    }

    /// Every entity the query matches (all of them without one), all pages.
    nonisolated(nonsending) public func query(_ query: Query<T> = Query<T>()) async throws -> [T] {
        try await client.readAll(query, in: name)
    }

    /// Creates the entity here.
    @discardableResult nonisolated(nonsending) public func create(_ entity: T) async throws -> EntityLocation {
        try await client.insert(entity, into: name)
    }

    /// Sends the entity's changes.
    nonisolated(nonsending) public func update(_ entity: T) async throws { try await client.save(entity, in: name) }

    /// Deletes the entity with this key.
    nonisolated(nonsending) public func delete(_ key: EntityKey) async throws {
        try await client.remove(T.self, key: key, from: name)
    }
}

/// A singleton of a generated service.
public struct SingletonAccessor<T: Entity>: Sendable {
    /// The client that sends the requests, usually an `ODataClient`.
    public let client: any ODataServiceClient
    /// The singleton's name in URLs.
    public let name: String

    /// Creates an accessor for the singleton `name` that sends its requests through `client`.
    public init(client: any ODataServiceClient, name: String) {
        self.client = client
        self.name = name
    }

    /// The singleton's entity.
    nonisolated(nonsending) public func retrieve() async throws -> T { try await client.read(T.self, singleton: name) }
}
