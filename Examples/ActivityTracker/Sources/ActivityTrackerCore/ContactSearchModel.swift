import ActivityTrackerModel
import Foundation
import MobileSdk
import Observation

/// The contact search: contacts whose first name, last name or e-mail address contain what the user typed, on the
/// service or in the offline store, whichever `client` is.
@MainActor @Observable
public final class ContactSearchModel {
    /// The search field's text.
    public var searchText = ""
    /// The contacts found by the last search, by last name.
    public private(set) var contacts: [Contact] = []
    public private(set) var isSearching = false
    /// Why the last search failed, in words for the user.
    public private(set) var errorMessage: String?

    private let service: SystemService
    /// Counts searches, so that only the latest one shows its results.
    private var latestSearch = 0

    /// The most contacts a search shows.
    public static let limit = 50

    /// A search through `client`: an `ODataClient` online, an `OfflineStore` offline (see ``OfflineMode``).
    public init(client: any ODataServiceClient) {
        service = SystemService(client: client)
    }

    /// Searches for ``searchText``: every word must appear in the first name, last name or e-mail address (so "ada
    /// love" finds Ada Lovelace); with no words, the first contacts by last name. A later search or a cancelled
    /// task discards the results.
    public func search() async {
        latestSearch += 1
        let search = latestSearch
        isSearching = true
        defer { if search == latestSearch { isSearching = false } }
        do {
            let found = try await service.contacts.query(Self.query(matching: searchText))
            guard search == latestSearch, !Task.isCancelled else { return }
            contacts = found
            errorMessage = nil
        } catch {
            guard search == latestSearch, !Task.isCancelled else { return }
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// The query for a search text. Dataverse's `contains` ignores case; other services, and the offline store, may
    /// not.
    static func query(matching text: String) -> Query<Contact> {
        var query = Query<Contact>().selectingShownColumns()
        for word in text.split(whereSeparator: \.isWhitespace).map(String.init) {
            query = query.filter {
                $0.firstName.contains(word) || $0.lastName.contains(word) || $0.email.contains(word)
            }
        }
        return query.orderBy(\.lastName).orderBy(\.firstName).top(limit)
    }
}
