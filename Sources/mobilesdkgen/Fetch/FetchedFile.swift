import Foundation

/// One file of a fetch, decided but not yet written: `fetch` writes every file only once all of them were fetched,
/// so a failure leaves the folder as it was.
struct FetchedFile {
    var fileName: String
    /// The bytes to write, or nil when the file stays as it is.
    var newContent: Data?
    /// What happened, for the line `fetch` prints: `created (…)`, `unchanged (304)`…
    var outcome: String
    var cacheEntry: FetchCache.Entry
}

/// The answers a fetch refuses to store, as one message each; `what` names what was asked for.
enum FetchStatus {
    static func check(_ response: MetadataDownloader.Response, url shownURL: String, what: String) throws {
        switch response.status {
        case 200: return
        case 401, 403:
            throw FetchError(
                """
                \(shownURL) answered \(response.status) (\(response.status == 401 ? "not signed in" : "forbidden")): \
                check the sign-in given with --token-env, --token-command, --user, --client-id (and its --scope) \
                or --header
                """,
                status: response.status
            )
        case 404: throw FetchError("\(shownURL) answered 404: no \(what) there; check the service root")
        default:
            throw FetchError(
                """
                \(shownURL) answered \(response.status)\(response.reason.map { " (\($0))" } ?? ""); \
                nothing was written
                """
            )
        }
    }
}
