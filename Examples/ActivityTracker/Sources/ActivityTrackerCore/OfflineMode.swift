import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import Observation

/// Working offline: the contacts and their open tasks kept in an offline store on the device, downloaded when the
/// user asks, read and changed there without a network, and uploaded later; and the switch between working on the
/// service and on the store.
///
/// The other view models take ``client``: the service's `ODataClient` online, the store offline. The store keeps the
/// results of ``definingQueries``; ``download()`` brings them up to date, ``upload()`` sends the changes made
/// offline, and a change the service refuses waits in the status's `archivedErrors` until the user resolves it.
/// What the store's sync is doing and did, whoever started it, is in ``status``.
@MainActor @Observable public final class OfflineMode {
    /// The records the store keeps, as the Offline sheet counts them.
    public struct StoredCounts: Sendable, Hashable {
        /// The contacts.
        public let contacts: Int
        /// The open tasks.
        public let openTasks: Int
    }

    /// The store on the device.
    public let store: OfflineStore
    /// The store's downloads and uploads as they run, the changes waiting and refused, the last successes and the
    /// last failure.
    public let status: SyncStatus
    /// Whether the screens read and write the store rather than the service (always the store when it has no
    /// client, as in previews).
    public var isOffline: Bool
    /// Why the last resolution of a refused change failed, in words for the user.
    public private(set) var resolutionError: String?

    /// The offline mode over `store`, working offline from the start when `isOffline` or when the store has no client.
    public init(store: OfflineStore, isOffline: Bool = false) {
        self.store = store
        status = SyncStatus(store: store)
        self.isOffline = isOffline || store.client == nil
    }

    /// The offline mode for the service `client` reaches, with the store in `storeFile` (by default
    /// ``defaultStoreFile(for:)``), which is created when missing.
    public convenience init(client: ODataClient, storeFile: URL? = nil, isOffline: Bool = false) throws {
        let file = storeFile ?? Self.defaultStoreFile(for: client.configuration.serviceRoot)
        self.init(store: try Self.openStore(at: file, client: client), isOffline: isOffline)
    }

    /// What the screens read and write through: the store offline, the service online.
    public var client: any ODataServiceClient {
        guard !isOffline, let online = store.client else { return store }
        return online
    }

    /// Whether the store has a service to download from and upload to.
    public var canWorkOnline: Bool { store.client != nil }

    /// The running download or upload in words, e.g. "Downloading contacts: 40 of 120", "Downloading changes to
    /// contacts: 3 received" (the service does not count a delta) or "Uploading 2 of 5"; nil when none runs.
    public var progressText: String? {
        switch status.phase {
        case .idle: return nil
        case .downloading(let progress):
            let what = progress.isDelta ? "changes to \(progress.query)" : progress.query
            guard let total = progress.totalCount else {
                return "Downloading \(what): \(progress.receivedCount) received"
            }
            return "Downloading \(what): \(progress.receivedCount) of \(total)"
        case .uploading(let progress): return "Uploading \(progress.handledCount) of \(progress.totalCount)"
        }
    }

    /// What the last download did, in words, e.g. "Downloaded 12 contacts and 3 open tasks."
    public var lastDownloadSummary: String? { status.lastDownloadReport.map(Self.summary(of:)) }

    /// What the last upload did, in words, e.g. "Uploaded 2 changes."
    public var lastUploadSummary: String? { status.lastUploadReport.map(Self.summary(of:)) }

    /// Brings the store up to date with the service: the changes since the last download where the service tracks
    /// them, else everything again. Changes waiting to be uploaded stay over what arrives. How it goes, and why it
    /// failed, shows in ``status``.
    public func download() async {
        guard !status.isSyncing else { return }
        _ = try? await store.download()
    }

    /// Sends the changes made offline, in the order they were made. A change the service refuses goes to the
    /// status's `archivedErrors`, and the same record's later changes wait behind it. How it goes, and why it
    /// failed, shows in ``status``.
    public func upload() async {
        guard !status.isSyncing else { return }
        _ = try? await store.upload()
    }

    /// Uploads, then, if that succeeded, downloads: the service gets the changes made here and the store what
    /// changed there, the records uploaded included, as the service keeps them.
    public func sync() async {
        guard !status.isSyncing, (try? await store.upload()) != nil else { return }
        _ = try? await store.download()
    }

    /// Settles a refused change: `.retry` sends it again (over the service's version, for a conflict) with the
    /// other waiting changes, `.takeServerVersion` drops the record's changes for the service's version, and
    /// `.discard` drops this change only.
    public func resolve(_ refused: ArchivedError, by resolution: ErrorResolution) async {
        guard !status.isSyncing else { return }
        resolutionError = nil
        do { try await store.resolve(refused, by: resolution) } catch {
            resolutionError = ErrorMessage.text(for: error)
            return
        }
        if resolution == .retry, canWorkOnline { await upload() }
    }

    /// The changes waiting to be uploaded, in the order they will be sent, read from the store now (a view showing
    /// them reads `status.pendingCount` too, so that it is drawn again when they change).
    public func pendingChanges() throws -> [PendingRequest] { try store.pendingRequests() }

    /// The records the store keeps, counted now (a view showing them reads the status too, so that it is drawn
    /// again after downloads and local writes).
    public func storedCounts() throws -> StoredCounts {
        StoredCounts(
            contacts: try store.count(Query<Contact>()),
            openTasks: try store.count(Query<CRMTask>().onlyOpen())
        )
    }

    /// A waiting change in words, e.g. "Add the task “Call Ada”".
    public func description(of change: PendingRequest) -> String {
        let action =
            switch change.method {
            case .create: "Add"
            case .update: "Change"
            case .delete: "Delete"
            case .associate: "Link"
            case .disassociate: "Unlink"
            }
        return action + " " + recordName(change)
    }

    /// A refused change in words: what it did and what the service said.
    public func description(of error: ArchivedError) -> String {
        let change = description(of: error.request)
        if error.isConflict { return "\(change): it was changed on the service since it was downloaded." }
        let status = error.statusCode.map { "The service answered \($0)" } ?? "The service refused it"
        return "\(change): \(status): \(error.message)"
    }

    /// The record a change is about, by its subject or name where the store still has it.
    private func recordName(_ change: PendingRequest) -> String {
        let id = change.keyValues.values.lazy
            .compactMap { value -> UUID? in
                if case .guid(let id) = value { return id }
                return nil
            }
            .first
        if change.entitySet == CRMTask.entitySetName {
            let subject = id.flatMap { try? store.entity(CRMTask.self, key: .id($0)) }?.subject
            return subject.map { "the task “\($0)”" } ?? "a task"
        }
        if change.entitySet == Contact.entitySetName {
            let name = id.flatMap { try? store.entity(Contact.self, key: .id($0)) }?.displayName
            return name.map { "the contact \($0)" } ?? "a contact"
        }
        return "a record of \(change.entitySet)"
    }

    // MARK: What is kept, and where

    /// The queries whose results the store keeps: every contact with the columns the app shows, and the open tasks
    /// with their contact (the link lets the store answer a filter through `regardingobjectid_contact_task`).
    public nonisolated static let definingQueries: [DefiningQuery] = [
        DefiningQuery("contacts", Query<Contact>().selectingShownColumns()),
        DefiningQuery(
            "open tasks",
            Query<CRMTask>()
                .select(
                    \.activityId,
                    \.subject,
                    \.description,
                    \.priorityCode,
                    \.scheduledEnd,
                    \.stateCode,
                    \.regardingObjectId
                )
                .onlyOpen().expand(\.regardingContact) { $0.select(\.contactId) }
        ),
    ]

    /// Opens (or creates) the store in `file` for the service `client` reaches (nil: a store to read only).
    public nonisolated static func openStore(at file: URL, client: ODataClient?) throws -> OfflineStore {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        return try OfflineStore(
            at: file,
            client: client,
            definingQueries: definingQueries,
            registry: DataverseClasses.registry
        )
    }

    /// A store in memory with the app's tables and no service, for previews and tests (see ``SampleData``).
    public nonisolated static func inMemoryStore() throws -> OfflineStore {
        try OfflineStore.inMemory(types: [], definingQueries: definingQueries, registry: DataverseClasses.registry)
    }

    /// The store's file for a service: in Application Support, named after the service's host.
    public nonisolated static func defaultStoreFile(for serviceRoot: URL) -> URL {
        let support =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let host = serviceRoot.host(percentEncoded: false) ?? "service"
        return support.appendingPathComponent("ActivityTracker/Offline/\(host).sqlite")
    }

    // MARK: Reports in words

    /// A download in words, e.g. "Downloaded 12 contacts and 3 open tasks."
    private static func summary(of report: DownloadReport) -> String {
        let received = report.queries.map { "\($0.receivedCount) \($0.name)" }
        var text = "Downloaded " + received.joined(separator: " and ") + "."
        let removed = report.queries.reduce(0) { $0 + $1.removedCount }
        if removed > 0 { text += " Removed \(count(removed, "record", "records")) the service no longer has." }
        return text
    }

    /// An upload in words, e.g. "Uploaded 2 changes."
    private static func summary(of report: UploadReport) -> String {
        var sentences: [String] = []
        if report.sentCount > 0 { sentences.append("Uploaded \(count(report.sentCount, "change", "changes")).") }
        if report.archivedCount > 0 {
            let refused = count(report.archivedCount, "change", "changes")
            sentences.append("The service refused \(refused): see the refused changes.")
        }
        if report.heldCount > 0 {
            sentences.append("\(count(report.heldCount, "change waits", "changes wait")) behind a refused one.")
        }
        return sentences.isEmpty ? "Nothing to upload." : sentences.joined(separator: " ")
    }

    private static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
