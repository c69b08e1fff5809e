/// What a payload said of a stream: the media annotations of an entity (`@odata.mediaReadLink` …, v2 `__metadata`'s
/// `media_src` …) or of one of its stream properties (`Photo@odata.mediaReadLink` …).
struct MediaLinks: Sendable, Hashable {
    var readLink: String?
    var editLink: String?
    var contentType: String?
    var eTag: String?

    /// The annotations, by their name without `odata.`.
    enum Term {
        case readLink, editLink, contentType, eTag

        /// `mediaReadLink` …; nil for other annotations.
        init?(controlName: String) {
            switch controlName {
            case "mediaReadLink": self = .readLink
            case "mediaEditLink": self = .editLink
            case "mediaContentType": self = .contentType
            case "mediaEtag": self = .eTag
            default: return nil
            }
        }

        /// v2 `__metadata` members: `media_src` …; nil for others.
        init?(verboseName: String) {
            switch verboseName {
            case "media_src": self = .readLink
            case "edit_media": self = .editLink
            case "content_type": self = .contentType
            case "media_etag": self = .eTag
            default: return nil
            }
        }
    }

    subscript(term: Term) -> String? {
        get {
            switch term {
            case .readLink: readLink
            case .editLink: editLink
            case .contentType: contentType
            case .eTag: eTag
            }
        }
        set {
            switch term {
            case .readLink: readLink = newValue
            case .editLink: editLink = newValue
            case .contentType: contentType = newValue
            case .eTag: eTag = newValue
            }
        }
    }
}
