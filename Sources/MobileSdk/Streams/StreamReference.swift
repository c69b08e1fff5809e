import Foundation

/// A binary stream the service keeps apart from an entity's other values — a media entity's content, an `Edm.Stream`
/// property, or a Dataverse file or image column — and what the service said of it. `MobileSdkClient` reads and
/// writes it (`client.download(photo.mediaResource, to: file)`); nothing is loaded when the entity is.
public struct StreamReference: Sendable, Hashable {
    /// Which stream of the entity.
    public enum Kind: Sendable, Hashable {
        /// A media entity's content (`HasStream="true"`), at `…/$value`.
        case mediaResource
        /// An `Edm.Stream` property, at `…/name`.
        case property(String)
        /// A Dataverse file column: read at `…/name/$value` (in ranges when large), written at `…/name` (in chunks
        /// when large).
        case file(String)
        /// A Dataverse image column at full size (`…/name/$value?size=full`); the record itself carries the thumbnail.
        case image(String)
    }

    /// Which stream of the entity this is: its media resource, an `Edm.Stream` property, or a file or image column.
    public var kind: Kind
    /// The entity set of the entity the stream belongs to; nil when its class names none.
    public var entitySet: String?
    /// The entity's key; nil while it has none.
    public var key: EntityKey?
    /// Where the service said to read the stream (`@odata.mediaReadLink`, v2 `media_src`); nil for the URL by
    /// convention.
    public var readLink: String?
    /// Where the service said to write the stream (`@odata.mediaEditLink`, v2 `edit_media`); nil for the URL by
    /// convention.
    public var editLink: String?
    /// The stream's media type as the service gave it, e.g. `image/jpeg`.
    public var contentType: String?
    /// The stream's version (`@odata.mediaEtag`), sent in `If-Match` when the stream is replaced.
    public var eTag: String?
    /// The file's name, for Dataverse file columns (their `…_name` column) when the entity holds it.
    public var fileName: String?
    /// Whether the service said the column holds a file (Dataverse returns the file's id); nil when unknown.
    public var hasContent: Bool?

    /// Creates a reference to the `kind` stream of the entity with `key` in `entitySet`; the other parameters record
    /// what the service said of the stream, nil when it said nothing.
    public init(
        kind: Kind,
        entitySet: String?,
        key: EntityKey?,
        readLink: String? = nil,
        editLink: String? = nil,
        contentType: String? = nil,
        eTag: String? = nil,
        fileName: String? = nil,
        hasContent: Bool? = nil
    ) {
        self.kind = kind
        self.entitySet = entitySet
        self.key = key
        self.readLink = readLink
        self.editLink = editLink
        self.contentType = contentType
        self.eTag = eTag
        self.fileName = fileName
        self.hasContent = hasContent
    }
}
