import Foundation
import MobileSdkClient

/// A Dataverse Web API serving `new_fieldrecords` from memory, each page's bytes made on request (fresh bytes for
/// each request, as a network gives them, and no page held between requests), in pages of `pageSize` records with
/// `@odata.nextLink` as Dataverse pages a large result:
///
/// - ``Phase/initial``: all `records` records; with `Prefer: odata.track-changes` the answer says
///   `Preference-Applied` and the last page carries an `@odata.deltaLink` (`$deltatoken=1`).
/// - ``Phase/delta``: that delta link gives the ``changed`` records again (revision 1) and the ``removedByDelta``
///   ones as Dataverse's `$deletedEntity` entries (bare GUIDs), in pages of `pageSize` entries.
/// - ``Phase/expired``: every delta link is answered 410 Gone, as Dataverse answers a token older than its
///   retention, and change tracking is no longer applied: a whole read of what is left (without ``removedByDelta``
///   and ``removedByKeyDiff``, the changed records at revision 1), which the store diffs by key.
final class FieldService: HTTPTransport, @unchecked Sendable {
    enum Phase { case initial, delta, expired }

    let records: Int
    let pageSize: Int
    private let lock = NSLock()
    private var phase = Phase.initial
    private var bytes = 0

    init(records: Int, pageSize: Int) {
        self.records = records
        self.pageSize = pageSize
    }

    /// The records a delta changes: one in a hundred.
    static func changed(_ index: Int) -> Bool { index % 100 == 7 }
    /// The records a delta removes: one in a thousand.
    static func removedByDelta(_ index: Int) -> Bool { index % 1000 == 3 }
    /// The records gone by the time the delta link expired, seen only by the key diff: one in a thousand.
    static func removedByKeyDiff(_ index: Int) -> Bool { index % 1000 == 5 }

    /// Moves the service on to `phase`.
    func enter(_ phase: Phase) {
        lock.lock()
        defer { lock.unlock() }
        self.phase = phase
    }

    /// The bytes of the bodies served since the last call.
    func takeServedBytes() -> Int {
        lock.lock()
        defer { lock.unlock() }
        defer { bytes = 0 }
        return bytes
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let phase = lock.withLock { self.phase }
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        let page = item("$skiptoken").flatMap { Int($0) } ?? 0
        let response: HTTPResponse
        if let token = item("$deltatoken") {
            guard phase == .delta, token == "1" else { return Self.expired() }
            response = HTTPResponse(
                statusCode: 200,
                headerFields: ["Content-Type": "application/json", "Preference-Applied": "odata.track-changes"],
                body: deltaPage(page)
            )
        } else {
            let tracked = phase == .initial && (request[header: "Prefer"]?.contains("odata.track-changes") ?? false)
            var headers = ["Content-Type": "application/json; odata.metadata=minimal"]
            if tracked { headers["Preference-Applied"] = "odata.track-changes" }
            let body = fullPage(page, phase: phase, tracked: tracked, counted: item("$count") == "true")
            response = HTTPResponse(statusCode: 200, headerFields: headers, body: body)
        }
        lock.withLock { bytes += response.body.count }
        return response
    }

    /// Page `page` of a whole read in `phase`.
    private func fullPage(_ page: Int, phase: Phase, tracked: Bool, counted: Bool) -> Data {
        let present = Present(records: records, phase: phase)
        var json = ByteText(capacity: pageSize * 1_700)
        json.raw("{\"@odata.context\":\"\(FieldPayload.serviceRoot)$metadata#new_fieldrecords\"")
        if counted {
            json.raw(",\"@odata.count\":")
            json.number(present.count)
        }
        json.raw(",\"value\":[")
        let end = min((page + 1) * pageSize, present.count)
        for position in page * pageSize..<end {
            if position > page * pageSize { json.raw(",") }
            let index = present.index(at: position)
            FieldPayload.record(index, revision: phase != .initial && Self.changed(index) ? 1 : 0, into: &json)
        }
        json.raw("]")
        if end < present.count {
            json.raw(",\"@odata.nextLink\":\"\(FieldPayload.serviceRoot)new_fieldrecords?$skiptoken=\(page + 1)\"")
        } else if tracked {
            json.raw(",\"@odata.deltaLink\":\"\(FieldPayload.serviceRoot)new_fieldrecords?$deltatoken=1\"")
        }
        json.raw("}")
        return Data(json.bytes)
    }

    /// How long making every page of the delta takes (the service's share of the delta's time).
    func timeDeltaPages() -> Duration {
        let entries = (0..<records).count { Self.changed($0) || Self.removedByDelta($0) }
        let clock = ContinuousClock()
        let start = clock.now
        for page in 0..<(entries + pageSize - 1) / pageSize { _ = deltaPage(page) }
        return start.duration(to: clock.now)
    }

    /// Page `page` of the delta: the changed records, then the removed ones.
    private func deltaPage(_ page: Int) -> Data {
        let changes = (0..<records).count { Self.changed($0) }
        let removals = (0..<records).count { Self.removedByDelta($0) }
        var json = ByteText(capacity: pageSize * 1_700)
        json.raw("{\"@odata.context\":\"\(FieldPayload.serviceRoot)$metadata#new_fieldrecords/$delta\",\"value\":[")
        let end = min((page + 1) * pageSize, changes + removals)
        for entry in page * pageSize..<end {
            if entry > page * pageSize { json.raw(",") }
            if entry < changes {
                FieldPayload.record(entry * 100 + 7, revision: 1, into: &json)
            } else {
                FieldPayload.removed((entry - changes) * 1000 + 3, into: &json)
            }
        }
        json.raw("]")
        let root = FieldPayload.serviceRoot
        if end < changes + removals {
            json.raw(",\"@odata.nextLink\":\"\(root)new_fieldrecords?$deltatoken=1&$skiptoken=\(page + 1)\"")
        } else {
            json.raw(",\"@odata.deltaLink\":\"\(root)new_fieldrecords?$deltatoken=2\"")
        }
        json.raw("}")
        return Data(json.bytes)
    }

    /// Dataverse's answer to a delta token older than its change-tracking retention.
    private static func expired() -> HTTPResponse {
        let body =
            "{\"error\":{\"code\":\"0x80072491\",\"message\":\"Version stamp associated with the client has expired. "
            + "Please perform a full sync.\"}}"
        return HTTPResponse(statusCode: 410, headerFields: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// The records a whole read in a phase gives, by position: every thousand indexes lose the same offsets.
    private struct Present {
        let records: Int
        /// The offsets within each thousand that remain.
        let offsets: [Int]

        init(records: Int, phase: Phase) {
            self.records = records
            offsets = (0..<1000)
                .filter { offset in
                    phase != .expired || !(FieldService.removedByDelta(offset) || FieldService.removedByKeyDiff(offset))
                }
        }

        var count: Int { records / 1000 * offsets.count + offsets.count { $0 < records % 1000 } }

        func index(at position: Int) -> Int { position / offsets.count * 1000 + offsets[position % offsets.count] }
    }
}
