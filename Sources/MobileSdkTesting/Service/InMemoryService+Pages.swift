import Foundation
import MobileSdk
import MobileSdkClient

/// Pages of an entity set's records and of their changes since a delta link.
extension InMemoryService {
    /// The page `link` leads to: the records of its entity set from its `$skiptoken` on, or the changes since its
    /// delta token (410 Gone once ``expireDeltaLinks()`` made it expire); with `tracking`, the last page of a read
    /// carries a delta link.
    nonisolated(nonsending) public func page(at link: String, tracking asked: Bool) async throws
        -> ODataClient.ChangesBody
    {
        let url = try absolute(link)
        let path = String(url.absoluteString.dropFirst(serviceRoot.absoluteString.count))
        let entitySet = String(path.prefix { $0 != "?" && $0 != "(" && $0 != "/" })
        let request = Request(kind: .page, entitySet: entitySet, path: path)
        let query = Self.queryItems(of: url)
        return try await handle(request) {
            let tracked = asked && tracking
            let skip = query["$skiptoken"].map(SkipToken.init) ?? SkipToken(offset: 0, token: changes.count)
            let delta = query["$deltatoken"] ?? query["!deltatoken"].map { $0.trimmingCharacters(in: ["'"]) }
            let records: [Entity]
            var removed: [RemovedEntity] = []
            var base = "\(entitySet)?"
            if let delta {
                guard let since = Int(delta), since >= oldestValidToken, since <= changes.count else {
                    throw ODataServiceError(statusCode: 410, code: "", message: "Gone", request: request.description)
                }
                (records, removed) = changed(in: entitySet, since: since, until: skip.token)
                base += deltaParameter(since) + "&"
            } else {
                records = sortedRecords(of: entitySet)
            }
            let all: [Any] = records + removed
            let end = min(all.count, skip.offset + size)
            let slice = skip.offset < end ? Array(all[skip.offset..<end]) : []
            var page = ODataPage(
                slice.compactMap { ($0 as? Entity).map(Self.copy) },
                removed: slice.compactMap { $0 as? RemovedEntity },
                removalFormat: removalFormat
            )
            if end < all.count {
                page.nextLink = serviceRoot.absoluteString + base + "$skiptoken=\(end)-\(skip.token)"
            } else if tracked || delta != nil {
                page.deltaLink = serviceRoot.absoluteString + "\(entitySet)?" + deltaParameter(skip.token)
            }
            let counted = query["$count"] == "true" || query["$inlinecount"] == "allpages"
            if counted, skip.offset == 0 { page.count = all.count }
            return ODataClient.ChangesBody(
                body: try page.json(version: version, registry: registry),
                preferenceApplied: tracked && version == .v4,
                request: HTTPRequest(method: "GET", url: url)
            )
        }
    }

    /// Where a page starts, and the change count its read started at (the token of its delta link).
    private struct SkipToken {
        var offset: Int
        var token: Int

        init(offset: Int, token: Int) {
            self.offset = offset
            self.token = token
        }

        init(_ text: String) {
            let parts = text.split(separator: "-").map { Int($0) ?? 0 }
            offset = parts.first ?? 0
            token = parts.dropFirst().first ?? 0
        }
    }

    /// The delta token's query parameter: `$deltatoken=3` in OData v4, SAP Gateway's `!deltatoken='3'` in v2.
    private func deltaParameter(_ token: Int) -> String {
        version == .v4 ? "$deltatoken=\(token)" : "!deltatoken='\(token)'"
    }

    /// The records of `entitySet` changed after change number `since` up to `until`, each once, and those removed.
    private func changed(in entitySet: String, since: Int, until: Int) -> ([Entity], [RemovedEntity]) {
        var keys: [String] = []
        for change in changes[since..<max(since, min(until, changes.count))]
        where change.entitySet == entitySet && !keys.contains(change.key) { keys.append(change.key) }
        var records: [Entity] = []
        var removed: [RemovedEntity] = []
        for key in keys {
            if let record = sets[entitySet]?[key] {
                records.append(record)
            } else {
                removed.append(RemovedEntity(id: serviceRoot.absoluteString + entitySet + key, reason: .deleted))
            }
        }
        return (records, removed)
    }

    /// `link` against the service root; a link elsewhere is refused as the client refuses it.
    func absolute(_ link: String) throws -> URL {
        guard let url = URL(string: link, relativeTo: serviceRoot)?.absoluteURL,
            url.absoluteString.hasPrefix(serviceRoot.absoluteString)
        else { throw ODataClientError.foreignHost(url: link, request: "GET \(link)") }
        return url
    }

    private static func queryItems(of url: URL) -> [String: String] {
        var items: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: true)?.queryItems ?? [] {
            items[item.name] = item.value ?? ""
        }
        return items
    }
}
