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
/// out of reach (and the app relaunched in between), then upload, checked on the service with plain HTTP. Serialized:
/// the second test deletes a record on the service, which must not happen while the first one downloads.
@MainActor
@Suite(.enabled(if: TestService.url != nil || TestService.isRequired, TestService.skipMessage), .serialized)
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
            let sync = try OfflineSyncModel(client: client, storeFile: file)
            #expect(!sync.isOffline && sync.canWorkOnline)
            await sync.download()
            #expect(sync.errorMessage == nil)
            #expect(sync.statusMessage?.hasPrefix("Downloaded ") == true)
            #expect(sync.statusMessage?.contains(" contacts and ") == true)
            #expect(!sync.isDownloading && sync.progress == nil)
            #expect(sync.storedContactCount >= 1 && sync.storedTaskCount >= 1)
            #expect(sync.pendingChanges.isEmpty)
            sync.isOffline = true
            #expect(sync.client is OfflineStore)
            let detail = ContactDetailModel(client: sync.client, contactID: ada)
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
            let sync = try OfflineSyncModel(client: ODataClient(noNetwork), storeFile: file, isOffline: true)
            await sync.download()
            #expect(sync.errorMessage?.hasPrefix("The service could not be reached") == true)

            let search = ContactSearchModel(client: sync.client)
            search.searchText = "Lovelace\(run)"
            await search.search()
            #expect(search.errorMessage == nil)
            #expect(search.contacts.map(\.contactId) == [ada])

            let detail = ContactDetailModel(client: sync.client, contactID: ada, preview: search.contacts.first)
            await detail.load()
            let draft = TaskDraft(subject: " Send the notes on the engine ", details: "Bernoulli numbers",
                                  priority: .high, dueDate: due)
            #expect(await detail.addTask(draft))
            #expect(detail.errorMessage == nil)
            #expect(detail.tasks.map(\.subject) == ["Bring the notes", "Send the notes on the engine"])
            added = try #require(detail.tasks.last?.activityId)
            let bring = try #require(detail.tasks.first)
            #expect(await detail.complete(bring))
            #expect(detail.errorMessage == nil)
            #expect(detail.tasks.map(\.activityId) == [added], "a completed task is no longer open")

            sync.refresh()
            #expect(sync.pendingChanges.map(sync.description(of:)) == [
                "Add the task “Send the notes on the engine”", "Change the task “Bring the notes”",
            ])
            // A relaunch still offline shows the same.
            let reopened = ContactDetailModel(client: try OfflineSyncModel.openStore(at: file, client: nil),
                                              contactID: ada)
            await reopened.load()
            #expect(reopened.tasks.map(\.activityId) == [added])
        }
        #expect(try await ServerProbe.get(root, "tasks(\(added.lowercased))").status == 404)
        #expect(try await ServerProbe.get(root, "tasks(\(notes.lowercased))").json?["statecode"] as? Int == nil)

        // Online again: upload, then download what the service now has.
        let sync = try OfflineSyncModel(client: client, storeFile: file)
        #expect(sync.pendingChangeCount == 2)
        await sync.sync()
        #expect(sync.errorMessage == nil)
        #expect(sync.statusMessage?.hasPrefix("Uploaded 2 changes. Downloaded ") == true)
        #expect(sync.pendingChanges.isEmpty && sync.archivedErrors.isEmpty)

        let stored = try await ServerProbe.get(
            root, "tasks(\(added.lowercased))?$expand=regardingobjectid_contact_task($select=contactid)")
        #expect(stored.status == 200)
        #expect(stored.json?["subject"] as? String == "Send the notes on the engine")
        #expect(stored.json?["description"] as? String == "Bernoulli numbers")
        #expect(stored.json?["prioritycode"] as? Int == Int(ActivityPriority.high.rawValue))
        let regarding = stored.json?["regardingobjectid_contact_task"] as? [String: Any]
        #expect(regarding?["contactid"] as? String == ada.lowercased)
        #expect(try await ServerProbe.get(root, "tasks(\(notes.lowercased))").json?["statecode"] as? Int == 1)

        // The store keeps the uploaded task, and the completed one is no longer among the open tasks.
        #expect(try sync.store.entity(CRMTask.self, key: .id(added))?.subject == "Send the notes on the engine")
        sync.isOffline = true
        let detail = ContactDetailModel(client: sync.client, contactID: ada)
        await detail.load()
        #expect(!detail.tasks.contains { $0.activityId == notes })

        // Another device downloading now gets Ada's new task and not the completed one. (The first store learns the
        // new task's contact on its next full read: the test server, unlike Dataverse, tracks changes of this
        // filtered and expanded query, and its deltas apply neither the filter nor the expansion.)
        let second = try OfflineSyncModel(
            client: client, storeFile: folder.appendingPathComponent("second.sqlite"), isOffline: true)
        await second.download()
        #expect(second.errorMessage == nil)
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

        let sync = try OfflineSyncModel(client: client, storeFile: folder.appendingPathComponent("store.sqlite"))
        await sync.download()
        #expect(sync.errorMessage == nil)
        sync.isOffline = true
        let detail = ContactDetailModel(client: sync.client, contactID: charles)
        await detail.load()
        #expect(detail.tasks.map(\.activityId) == [wheelsID])

        // Someone deletes the task on the service while it is completed here.
        let deleted = try await ServerProbe.send("DELETE", root, "tasks(\(wheelsID.lowercased))")
        #expect(deleted == 204)
        #expect(await detail.complete(try #require(detail.tasks.first)))
        await sync.upload()
        #expect(sync.errorMessage == nil)
        #expect(sync.statusMessage == "The service refused 1 change: see the refused changes.")
        let refused = try #require(sync.archivedErrors.first)
        #expect(sync.archivedErrors.count == 1)
        #expect(sync.description(of: refused).hasPrefix("Change the task “Order the brass wheels”: "))
        #expect(sync.description(of: refused).contains("404"))

        // The user takes the service's version: there is none, so the task goes from the store.
        await sync.resolve(refused, by: .takeServerVersion)
        #expect(sync.errorMessage == nil)
        #expect(sync.archivedErrors.isEmpty && sync.pendingChanges.isEmpty)
        #expect(try sync.store.entity(CRMTask.self, key: .id(wheelsID)) == nil)
        await detail.load()
        #expect(detail.tasks.isEmpty)
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
@MainActor
struct PreviewStoreTests {
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
        let sync = OfflineSyncModel(store: try SampleData.store(pendingChanges: true))
        #expect(sync.isOffline && !sync.canWorkOnline)
        #expect(sync.client is OfflineStore)
        #expect(sync.pendingChanges.map(sync.description(of:)) == [
            "Add the task “Book the lecture hall”", "Change the task “Check the Bernoulli table”",
        ])
        #expect(sync.storedContactCount == 3 && sync.storedTaskCount == 3)

        let mary = ContactDetailModel(client: sync.client, contactID: SampleData.maryShelley)
        await mary.load()
        #expect(mary.tasks.map(\.subject) == ["Book the lecture hall"])
        #expect(await mary.addTask(TaskDraft(subject: "Read the proofs")))
        #expect(mary.tasks.map(\.subject) == ["Book the lecture hall", "Read the proofs"])
        // The sync model follows the store's changes by itself.
        for _ in 0..<100 where sync.pendingChangeCount != 3 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(sync.pendingChangeCount == 3)
        // Completing a task created here joins its waiting create; completing a downloaded one is a change.
        #expect(await mary.complete(try #require(mary.tasks.first)))
        #expect(mary.tasks.map(\.subject) == ["Read the proofs"])
        let ada = ContactDetailModel(client: sync.client, contactID: SampleData.adaLovelace)
        await ada.load()
        #expect(await ada.complete(try #require(ada.tasks.first)))
        #expect(ada.tasks.isEmpty)
        sync.refresh()
        #expect(sync.pendingChangeCount == 4)
        #expect(sync.storedTaskCount == 2)

        await sync.download()
        #expect(sync.errorMessage == "The offline store has no service to download from or upload to.")
        await sync.upload()
        #expect(sync.errorMessage == "The offline store has no service to download from or upload to.")
        #expect(sync.pendingChangeCount == 4)
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
