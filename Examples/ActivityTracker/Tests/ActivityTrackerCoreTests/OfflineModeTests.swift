import ActivityTrackerCore
import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The offline mode against the live service, as the user goes through it: download, work offline with the service
/// out of reach (and the app relaunched in between), then upload, checked on the service with plain HTTP; and the
/// progress the status shows. Serialized: the second test deletes a record on the service, which must not happen
/// while another one downloads.
@MainActor @Suite(.enabled(if: TestService.url != nil || TestService.isRequired, TestService.skipMessage), .serialized)
struct OfflineModeLiveTests {
    @Test func downloadWorkOfflineAndUpload() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let client = try await signedInClient(root)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tracker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Offline/store.sqlite")

        // On the service: a contact of this run with an open task.
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let ada = try await createContact("Ada", "Lovelace\(run)", client: client)
        let online = ContactDetailModel(client: client, contactID: ada)
        #expect(await online.addTask(TaskDraft(subject: "Bring the notes")))
        let notes = try #require(online.tasks.first?.activityId)

        // Download, then read the store as the screens do offline.
        do {
            let offline = try OfflineMode(client: client, storeFile: file)
            #expect(!offline.isOffline && offline.canWorkOnline)
            #expect(offline.status.lastDownloaded == nil)
            await offline.download()
            try await waitUntil { offline.status.lastDownloadReport != nil && offline.status.lastDownloaded != nil }
            #expect(offline.status.lastFailure == nil)
            #expect(offline.lastDownloadSummary?.hasPrefix("Downloaded ") == true)
            #expect(offline.lastDownloadSummary?.contains(" contacts and ") == true)
            #expect(!offline.status.isSyncing && offline.progressText == nil)
            let counts = try offline.storedCounts()
            #expect(counts.contacts >= 1 && counts.openTasks >= 1)
            #expect(try offline.pendingChanges().isEmpty && offline.status.pendingCount == 0)
            offline.isOffline = true
            #expect(offline.client is OfflineStore)
            let detail = ContactDetailModel(client: offline.client, contactID: ada)
            await detail.load()
            #expect(detail.errorMessage == nil)
            #expect(detail.contact?.displayName == "Ada Lovelace\(run)")
            #expect(detail.tasks.map(\.activityId) == [notes])
        }

        // Relaunched without a network: the store answers, and changes wait in it.
        let due = Date(timeIntervalSince1970: 1_900_000_000)
        let added: UUID
        do {
            var noNetwork = client.configuration
            noNetwork.transport = NoNetwork()
            noNetwork.retryPolicy = .none
            let offline = try OfflineMode(client: ODataClient(noNetwork), storeFile: file, isOffline: true)
            #expect(offline.status.lastDownloaded != nil, "the time of the last download is kept in the store")
            await offline.download()
            try await waitUntil { offline.status.lastFailure != nil && !offline.status.isSyncing }
            #expect(offline.status.lastFailure?.operation == .download)
            #expect(offline.status.lastFailure?.reason == .unreachable)
            #expect(offline.status.lastFailure?.localizedDescription.hasPrefix("The download stopped: ") == true)

            let search = ContactSearchModel(client: offline.client)
            search.searchText = "Lovelace\(run)"
            await search.search()
            #expect(search.errorMessage == nil)
            #expect(search.contacts.map(\.contactId) == [ada])

            let detail = ContactDetailModel(client: offline.client, contactID: ada, preview: search.contacts.first)
            await detail.load()
            let draft = TaskDraft(
                subject: " Send the notes on the engine ",
                details: "Bernoulli numbers",
                priority: .high,
                dueDate: due
            )
            #expect(await detail.addTask(draft))
            #expect(detail.errorMessage == nil)
            #expect(detail.tasks.map(\.subject) == ["Bring the notes", "Send the notes on the engine"])
            added = try #require(detail.tasks.last?.activityId)
            let bring = try #require(detail.tasks.first)
            #expect(await detail.complete(bring))
            #expect(detail.errorMessage == nil)
            #expect(detail.tasks.map(\.activityId) == [added], "a completed task is no longer open")

            try await waitUntil { offline.status.pendingCount == 2 }
            #expect(
                try offline.pendingChanges().map(offline.description(of:)) == [
                    "Add the task “Send the notes on the engine”", "Change the task “Bring the notes”",
                ]
            )
            // A relaunch still offline shows the same.
            let reopened = ContactDetailModel(client: try OfflineMode.openStore(at: file, client: nil), contactID: ada)
            await reopened.load()
            #expect(reopened.tasks.map(\.activityId) == [added])
        }
        #expect(try await ServerProbe.get(root, "tasks(\(added.lowercased))").status == 404)
        #expect(try await ServerProbe.get(root, "tasks(\(notes.lowercased))").json?["statecode"] as? Int == nil)

        // Online again: upload, then download what the service now has.
        let offline = try OfflineMode(client: client, storeFile: file)
        #expect(offline.status.pendingCount == 2)
        await offline.sync()
        try await waitUntil { offline.status.lastDownloadReport != nil && offline.status.pendingCount == 0 }
        #expect(offline.status.lastFailure == nil)
        #expect(offline.lastUploadSummary == "Uploaded 2 changes.")
        #expect(offline.lastDownloadSummary?.hasPrefix("Downloaded ") == true)
        #expect(try offline.pendingChanges().isEmpty && offline.status.archivedErrors.isEmpty)

        let stored = try await ServerProbe.get(
            root,
            "tasks(\(added.lowercased))?$expand=regardingobjectid_contact_task($select=contactid)"
        )
        #expect(stored.status == 200)
        #expect(stored.json?["subject"] as? String == "Send the notes on the engine")
        #expect(stored.json?["description"] as? String == "Bernoulli numbers")
        #expect(stored.json?["prioritycode"] as? Int == Int(ActivityPriority.high.rawValue))
        let regarding = stored.json?["regardingobjectid_contact_task"] as? [String: Any]
        #expect(regarding?["contactid"] as? String == ada.lowercased)
        #expect(try await ServerProbe.get(root, "tasks(\(notes.lowercased))").json?["statecode"] as? Int == 1)

        // The store keeps the uploaded task, and the completed one is no longer among the open tasks.
        #expect(try offline.store.entity(CRMTask.self, key: .id(added))?.subject == "Send the notes on the engine")
        offline.isOffline = true
        let detail = ContactDetailModel(client: offline.client, contactID: ada)
        await detail.load()
        #expect(!detail.tasks.contains { $0.activityId == notes })

        // Another device downloading now gets Ada's new task and not the completed one. (The first store learns the
        // new task's contact on its next full read: the test server, unlike Dataverse, tracks changes of this
        // filtered and expanded query, and its deltas apply neither the filter nor the expansion.)
        let second = try OfflineMode(
            client: client,
            storeFile: folder.appendingPathComponent("second.sqlite"),
            isOffline: true
        )
        await second.download()
        try await waitUntil { second.status.lastDownloadReport != nil }
        #expect(second.status.lastFailure == nil)
        let fresh = ContactDetailModel(client: second.client, contactID: ada)
        await fresh.load()
        #expect(fresh.tasks.map(\.activityId) == [added])
        #expect(fresh.tasks.first?.scheduledEnd == due)
    }

    @Test func aRefusedChangeWaitsUntilTheUserResolvesIt() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let client = try await signedInClient(root)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tracker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let charles = try await createContact("Charles", "Babbage\(run)", client: client)
        let online = ContactDetailModel(client: client, contactID: charles)
        #expect(await online.addTask(TaskDraft(subject: "Order the brass wheels")))
        let wheels = try #require(online.tasks.first)
        let wheelsID = try #require(wheels.activityId)

        let offline = try OfflineMode(client: client, storeFile: folder.appendingPathComponent("store.sqlite"))
        await offline.download()
        try await waitUntil { offline.status.lastDownloadReport != nil }
        #expect(offline.status.lastFailure == nil)
        offline.isOffline = true
        let detail = ContactDetailModel(client: offline.client, contactID: charles)
        await detail.load()
        #expect(detail.tasks.map(\.activityId) == [wheelsID])

        // Someone deletes the task on the service while it is completed here.
        let deleted = try await ServerProbe.send("DELETE", root, "tasks(\(wheelsID.lowercased))")
        #expect(deleted == 204)
        #expect(await detail.complete(try #require(detail.tasks.first)))
        await offline.upload()
        try await waitUntil { offline.status.lastUploadReport != nil && offline.status.archivedCount == 1 }
        #expect(offline.status.lastFailure == nil)
        #expect(offline.lastUploadSummary == "The service refused 1 change: see the refused changes.")
        let refused = try #require(offline.status.archivedErrors.first)
        #expect(offline.description(of: refused).hasPrefix("Change the task “Order the brass wheels”: "))
        #expect(offline.description(of: refused).contains("404"))

        // The user takes the service's version: there is none, so the task goes from the store.
        await offline.resolve(refused, by: .takeServerVersion)
        #expect(offline.resolutionError == nil)
        try await waitUntil { offline.status.archivedErrors.isEmpty && offline.status.pendingCount == 0 }
        #expect(try offline.pendingChanges().isEmpty)
        #expect(try offline.store.entity(CRMTask.self, key: .id(wheelsID)) == nil)
        await detail.load()
        #expect(detail.tasks.isEmpty)
    }

    /// What the Offline sheet shows while a download runs, whoever started it: a bar with the service's count of
    /// the records on the first download (the test server counts them, as `$count=true` asks), and a spinner with
    /// the records received on a delta, which the service does not count.
    @Test func theFirstDownloadHasATotalAndADeltaHasNone() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let client = try await signedInClient(root)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tracker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let offline = try OfflineMode(client: client, storeFile: folder.appendingPathComponent("store.sqlite"))
        #expect(offline.status.phase == .idle && offline.status.fractionCompleted == nil)
        #expect(offline.progressText == nil)
        let store = offline.store

        // The download waits at its first counted page until the test has looked at the model.
        let gate = Gate()
        let first = Task.detached { try await store.download { if $0.totalCount != nil { gate.wait() } } }
        try await waitUntil { offline.status.download?.totalCount != nil }
        let progress = try #require(offline.status.download)
        let total = try #require(progress.totalCount)
        #expect(progress.query == "contacts" && !progress.isDelta)
        #expect(progress.receivedCount > 0 && progress.receivedCount <= total)
        #expect(offline.status.isSyncing)
        // The contacts are the first of two queries: half of the download at most.
        let fraction = try #require(offline.status.fractionCompleted)
        #expect(fraction > 0 && fraction <= 0.5)
        #expect(offline.progressText == "Downloading contacts: \(progress.receivedCount) of \(total)")
        gate.open()
        let report = try await first.value
        try await waitUntil { !offline.status.isSyncing && offline.status.lastDownloadReport == report }
        #expect(offline.status.lastFailure == nil && offline.progressText == nil)

        // The next download reads only the changes: no total, so the progress is indeterminate.
        let deltaGate = Gate()
        let delta = Task.detached { try await store.download { if $0.isDelta { deltaGate.wait() } } }
        try await waitUntil { offline.status.download?.isDelta == true }
        #expect(offline.status.download?.totalCount == nil)
        #expect(offline.status.fractionCompleted == nil)
        #expect(offline.status.isSyncing)
        #expect(offline.progressText == "Downloading changes to contacts: 0 received")
        deltaGate.open()
        #expect(try await delta.value.queries.first?.wasDelta == true)
        try await waitUntil { !offline.status.isSyncing }
        #expect(offline.progressText == nil)
    }

    /// The client of a signed-in session, as the app gets it.
    private func signedInClient(_ root: URL) async throws -> ODataClient {
        let signIn = SignInModel(serviceURL: root.absoluteString)
        await signIn.signIn(with: NoAuthentication())
        #expect(signIn.errorMessage == nil)
        return try #require(signIn.client)
    }

    private func createContact(_ first: String, _ last: String, client: ODataClient) async throws -> UUID {
        let contact = Contact()
        let id = UUID()
        contact.contactId = id
        contact.firstName = first
        contact.lastName = last
        try await client.create(contact)
        return id
    }
}

/// The view models over the store the previews show, without a service.
@MainActor struct PreviewStoreTests {
    @Test func theScreensShowTheSampleData() async throws {
        let store = try SampleData.store()
        let search = ContactSearchModel(client: store)
        await search.search()
        #expect(search.errorMessage == nil)
        #expect(search.contacts.map(\.displayName) == ["Charles Babbage", "Ada Lovelace", "Mary Shelley"])
        search.searchText = "Love"
        await search.search()
        #expect(search.contacts.map(\.contactId) == [SampleData.adaLovelace])

        let ada = ContactDetailModel(client: store, contactID: SampleData.adaLovelace)
        await ada.load()
        #expect(ada.errorMessage == nil)
        #expect(ada.contact?.email == "ada@example.com")
        #expect(ada.tasks.map(\.subject) == ["Send the notes on the engine", "Check the Bernoulli table"])
        let mary = ContactDetailModel(client: store, contactID: SampleData.maryShelley)
        await mary.load()
        #expect(mary.tasks.isEmpty)
    }

    @Test func changesInThePreviewStoreWaitForAnUploadItCannotMake() async throws {
        let offline = OfflineMode(store: try SampleData.store(pendingChanges: true))
        #expect(offline.isOffline && !offline.canWorkOnline)
        #expect(offline.client is OfflineStore)
        #expect(
            try offline.pendingChanges().map(offline.description(of:)) == [
                "Add the task “Book the lecture hall”", "Change the task “Check the Bernoulli table”",
            ]
        )
        #expect(offline.status.pendingCount == 2)
        let counts = try offline.storedCounts()
        #expect(counts.contacts == 3 && counts.openTasks == 3)

        let mary = ContactDetailModel(client: offline.client, contactID: SampleData.maryShelley)
        await mary.load()
        #expect(mary.tasks.map(\.subject) == ["Book the lecture hall"])
        #expect(await mary.addTask(TaskDraft(subject: "Read the proofs")))
        #expect(mary.tasks.map(\.subject) == ["Book the lecture hall", "Read the proofs"])
        // The status follows the store's changes by itself.
        try await waitUntil { offline.status.pendingCount == 3 }
        // Completing a task created here joins its waiting create; completing a downloaded one is a change.
        #expect(await mary.complete(try #require(mary.tasks.first)))
        #expect(mary.tasks.map(\.subject) == ["Read the proofs"])
        let ada = ContactDetailModel(client: offline.client, contactID: SampleData.adaLovelace)
        await ada.load()
        #expect(await ada.complete(try #require(ada.tasks.first)))
        #expect(ada.tasks.isEmpty)
        try await waitUntil { offline.status.pendingCount == 4 }
        #expect(try offline.storedCounts().openTasks == 2)

        await offline.download()
        try await waitUntil { offline.status.lastFailure?.operation == .download }
        #expect(offline.status.lastFailure?.reason == .store)
        #expect(
            offline.status.lastFailure?.localizedDescription
                == "The download stopped: The local data cannot be synchronized, because no service is configured."
        )
        await offline.upload()
        try await waitUntil { offline.status.lastFailure?.operation == .upload }
        #expect(offline.status.lastFailure?.reason == .store)
        #expect(offline.status.pendingCount == 4 && offline.status.lastUploaded == nil)
    }
}

/// Waits (up to 30 s: a full test run starves the pool) for `condition`, checked on the main actor, where the
/// status follows the store.
@MainActor private func waitUntil(_ condition: @MainActor () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    #expect(condition())
}

/// Holds a download in its progress callback (off the main actor) until the test opens it; open, it holds nothing
/// (nor longer than a minute, so that a failed test ends).
private final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    /// Read and changed with `condition` locked.
    private var isOpen = false

    func wait() {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(60)
        while !isOpen, condition.wait(until: deadline) {}
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A device without a network: every request fails as URLSession fails then.
struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw URLError(.notConnectedToInternet) }
}

extension ServerProbe {
    /// The status of `method root + path`, with no body.
    static func send(_ method: String, _ root: URL, _ path: String) async throws -> Int {
        guard let url = URL(string: root.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

extension UUID {
    /// The form OData URLs and JSON use.
    fileprivate var lowercased: String { uuidString.lowercased() }
}
