/// Takes a page's records value by value as ``ODataJSONDecoder/decodeRecords(_:from:delta:into:)`` reads them, for
/// stores that write each value where it goes without an entity object per record.
///
/// For each record the decoder calls ``beginRecord(_:)``, then the others in payload order, then ``endRecord()``.
/// A record the sink cannot take this way — one with an expanded navigation property, a property its class does not
/// declare, or one the sink refuses — is read again as an entity and passed to ``entity(_:)`` instead of ending.
/// Media links and annotations other than ``ODataRecordAnnotation``'s are skipped.
package protocol ODataRecordSink {
    /// A record of `type` begins; what was read of a record before it that did not end is void.
    mutating func beginRecord(_ type: Entity.Type)
    /// The record's type annotation names `type`, a registered class derived from the one it began with.
    mutating func recordType(_ type: Entity.Type)
    /// The record's ETag.
    mutating func eTag(_ eTag: String?)
    /// The value of a declared property (``ODataField/property``, at ``ODataField/propertyIndex``), read from `field`
    /// (or left, and skipped); false to have the record read as an entity.
    mutating func value(from field: inout ODataField) throws -> Bool
    /// The annotation `term` of the attribute whose storage name is `attribute`, read from `field` or left.
    mutating func annotation(_ term: ODataRecordAnnotation, of attribute: String, from field: inout ODataField) throws
    /// The record ends; false to have it read as an entity.
    mutating func endRecord() throws -> Bool
    /// A record read as an entity.
    mutating func entity(_ entity: Entity) throws
}

/// The annotations of an attribute that reach an ``ODataRecordSink``.
package enum ODataRecordAnnotation: Sendable {
    /// `@OData.Community.Display.V1.FormattedValue`: the value as Dynamics shows it (a lookup's record name).
    case formattedValue
    /// `@Microsoft.Dynamics.CRM.lookuplogicalname`: the table a Dynamics lookup points into.
    case lookupLogicalName
}
