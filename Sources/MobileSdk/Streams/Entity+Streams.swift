import Foundation

extension Entity {
    /// The content of a media entity (an entity type with `HasStream="true"`), with the links, media type and
    /// version the service gave when the entity was read.
    public var mediaResource: StreamReference { streamReference(.mediaResource, links: mediaLinks[""]) }

    /// The stream stored under `name`, typed as the class's metadata types it: a Dataverse file column, else an
    /// `Edm.Stream` property (late-bound entities, or names the class does not declare).
    public func stream(named name: String) -> StreamReference {
        let kind: StreamReference.Kind =
            switch PropertyTable.of(type(of: self)).byName[name]?.type {
            case .file?: .file(name)
            default: .property(name)
            }
        return streamReference(kind, links: mediaLinks[name])
    }

    /// The stream behind the calling property (generated code only).
    @_spi(Generated) public func _stream(_ property: String = #function) -> StreamReference {
        stream(named: PropertyTable.of(type(of: self)).storageName(of: property))
    }

    /// A reference to a stream of this entity as it is now: its set, key and, for file columns, the file's name
    /// (`…_name`) and whether the record holds one.
    func streamReference(_ kind: StreamReference.Kind, links: MediaLinks?) -> StreamReference {
        var reference = StreamReference(
            kind: kind,
            entitySet: type(of: self).entitySetName,
            key: try? EntityKey.of(self),
            readLink: links?.readLink,
            editLink: links?.editLink,
            contentType: links?.contentType,
            eTag: links?.eTag
        )
        if case .file(let name) = kind {
            if case .string(let fileName)? = self[name + "_name"] { reference.fileName = fileName }
            if let value = self[name] { reference.hasContent = value != .null }
        }
        return reference
    }
}

extension AttributeKeyPaths {
    /// The full-size image of a Dataverse image column whose thumbnail a key path reads; nil when the key path reads
    /// no attribute.
    ///
    ///     if let logo = account.fullSizeImage(\.entityImage) { try await client.download(logo, to: file) }
    public func fullSizeImage(_ keyPath: KeyPath<Self, Data?>) -> StreamReference? {
        guard let name = Self.attributeName(keyPath) else { return nil }
        return streamReference(.image(name), links: nil)
    }
}
