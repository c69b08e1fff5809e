import Foundation

/// The key of one entity in a URL: a single value (`accounts(<guid>)`, `People('russell')`), or named values for a
/// composite or alternate key (`TripRatings(TripId=1,UserName='kristina')`, `accounts(accountnumber='A-1')`).
public struct EntityKey: Sendable, Hashable, CustomStringConvertible {
    /// How the key is held: one unnamed value, or named values in order.
    public enum Storage: Sendable, Hashable {
        case single(AttributeValue)
        case named([Component])
    }

    /// One named value of a composite or alternate key, such as `TripId=1`.
    public struct Component: Sendable, Hashable {
        /// The key property's name, e.g. `TripId` or `accountnumber`.
        public var name: String
        /// The key property's value, written in the URL as an OData literal.
        public var value: AttributeValue
    }

    /// The key's value or named values.
    public var storage: Storage

    /// A single-valued key.
    public init(_ value: AttributeValue) { storage = .single(value) }

    /// A single-valued key from a typed value.
    public init<T: AttributeValueConvertible>(_ value: T) { storage = .single(value.attributeValue) }

    /// A composite or alternate key, in the order given.
    public init(_ components: KeyValuePairs<String, AttributeValue>) {
        storage = .named(components.map { Component(name: $0.key, value: $0.value) })
    }

    init(components: [Component]) {
        storage = components.count == 1 ? .single(components[0].value) : .named(components)
    }

    /// A GUID key, the key of every Dynamics entity.
    public static func id(_ id: UUID) -> EntityKey { EntityKey(.guid(id)) }

    /// The parenthesized key segment for `version`, e.g. `(guid'…')` in v2 (not yet percent-encoded).
    public func urlSegment(_ version: ODataVersion) throws -> String {
        switch storage {
        case .single(let value): return "(" + (try ODataLiteral.format(value, version: version)) + ")"
        case .named(let components):
            return "("
                + (try components.map { $0.name + "=" + (try ODataLiteral.format($0.value, version: version)) }
                    .joined(separator: ",")) + ")"
        }
    }

    /// The OData v4 key segment, e.g. `(TripId=1,UserName='kristina')`; `(?)` when a value has no URL literal.
    public var description: String { (try? urlSegment(.v4)) ?? "(?)" }

    /// The key of `entity`: its class's key attributes, else its id.
    public static func of(_ entity: Entity) throws -> EntityKey {
        let names = type(of: entity).keyAttributes
        if names.isEmpty {
            guard let id = entity.recordId else {
                throw ODataEncodingError(
                    message: "the \(entity.logicalName) entity has no id and its class names no key"
                )
            }
            return .id(id)
        }
        var components: [Component] = []
        for name in names {
            guard let value = entity[name], value != .null else {
                throw ODataEncodingError(
                    message: "the \(entity.logicalName) entity has no value for its key attribute '\(name)'"
                )
            }
            components.append(Component(name: name, value: value))
        }
        return EntityKey(components: components)
    }
}
