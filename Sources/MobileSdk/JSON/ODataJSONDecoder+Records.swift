import Foundation

/// Pages read record by record into an `ODataRecordSink`.
extension ODataJSONDecoder {
    /// Reads a page of `type` (a delta page with `delta`) into `sink`, one record at a time; returns the page's
    /// links, counts and removed records, without entities.
    package func decodeRecords<Sink: ODataRecordSink>(
        _ type: Entity.Type,
        from data: Data,
        delta: Bool = false,
        into sink: inout Sink
    ) throws -> EntityCollection {
        let caches = KeyCaches()
        var collection = try read(data) { reader in
            try readCollection(&reader, delta: delta) { reader in
                let start = reader
                if try readRecord(&reader, expected: type, caches: caches, into: &sink) { return }
                reader = start
                try sink.entity(try readEntity(&reader, expected: type, logicalName: nil, caches: caches))
            }
        }
        collection.entityName = nonEmpty(type.entityLogicalName)
        return collection
    }

    /// One record into `sink`; false, leaving `reader` inside the record, when it has to be read as an entity.
    private func readRecord<Sink: ODataRecordSink>(
        _ reader: inout JSONReader,
        expected: Entity.Type,
        caches: KeyCaches,
        into sink: inout Sink
    ) throws -> Bool {
        var type = expected
        var cache = caches.cache(for: PropertyTable.of(type))
        var index = 0
        sink.beginRecord(type)
        try reader.beginObject()
        while let key = try cache.nextKey(&reader, at: index, version: version) {
            defer { index += 1 }
            switch key {
            case .property(let kept):
                let resolved = kept.object
                if resolved.isNavigation { return false }
                if resolved.isStream {
                    try reader.skipValue()
                    continue
                }
                var field = ODataField(reader, version: version, propertyIndex: resolved.index, property: kept)
                guard try sink.value(from: &field) else { return false }
                reader = field.reader
                if !field.isConsumed { try reader.skipValue() }
            case .dynamic: return false
            case .control(.type):
                let name = ODataAnnotation.qualifiedTypeName(try reader.readString())
                if let derived = derivedClass(named: name, of: expected), derived != type {
                    type = derived
                    sink.recordType(derived)
                    cache = caches.cache(for: PropertyTable.of(derived))
                }
            case .control(.etag): sink.eTag(try reader.readNull() ? nil : try reader.readString())
            case .control(.media), .control(.other): try reader.skipValue()
            case .verboseMetadata:
                try readVerboseMetadata(&reader, expected: expected, type: &type, into: &sink)
                cache = caches.cache(for: PropertyTable.of(type))
            case .annotation(let kept):
                let resolved = kept.object
                let annotation: ODataRecordAnnotation
                switch resolved.term {
                case .formattedValue: annotation = .formattedValue
                // A lookup the class does not declare becomes an attribute of its own: the entity reads that.
                case .lookupLogicalName where !resolved.isDeclared: return false
                case .lookupLogicalName: annotation = .lookupLogicalName
                default:
                    try reader.skipValue()
                    continue
                }
                var field = ODataField(reader, version: version, propertyIndex: resolved.index)
                try sink.annotation(annotation, of: resolved.storage, from: &field)
                reader = field.reader
                if !field.isConsumed { try reader.skipValue() }
            }
        }
        return try sink.endRecord()
    }

    /// OData v2's `__metadata`: its type and ETag.
    private func readVerboseMetadata<Sink: ODataRecordSink>(
        _ reader: inout JSONReader,
        expected: Entity.Type,
        type: inout Entity.Type,
        into sink: inout Sink
    ) throws {
        if try reader.readNull() { return }
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "type":
                if let derived = derivedClass(named: try reader.readString(), of: expected), derived != type {
                    type = derived
                    sink.recordType(derived)
                }
            case "etag": sink.eTag(try reader.readNull() ? nil : try reader.readString())
            default: try reader.skipValue()
            }
        }
    }
}
