import ActivityTrackerCore
import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The view models against a live OData service serving the app's metadata, as the user goes through the app: sign
/// in, search contacts, show one, add a task about it. The service is checked with plain HTTP afterwards.
@MainActor
@Suite(.enabled(if: TestService.url != nil || TestService.isRequired, TestService.skipMessage))
struct ActivityTrackerLiveTests {
    @Test func signInSearchShowAndAddATask() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let signIn = SignInModel(serviceURL: root.absoluteString)
        await signIn.signIn(with: BearerTokenAuthentication { _ in "token-the-test-service-ignores" })
        #expect(signIn.errorMessage == nil)
        let client = try #require(signIn.client)

        // Two contacts of this run; the search must tell them apart.
        let run = String(UUID().uuidString.prefix(8)).lowercased()
        let ada = try await createContact("Ada", "Lovelace\(run)", email: "ada.\(run)@example.com", client: client)
        let charles = try await createContact("Charles", "Babbage\(run)", email: "charles.\(run)@example.com",
                                              client: client)

        let search = ContactSearchModel(client: client)
        search.searchText = "Ada Lovelace\(run)"
        await search.search()
        #expect(search.errorMessage == nil)
        #expect(search.contacts.map(\.contactId) == [ada])
        search.searchText = "\(run)@example"
        await search.search()
        #expect(search.contacts.map(\.displayName) == ["Charles Babbage\(run)", "Ada Lovelace\(run)"])
        let found = try #require(search.contacts.last)

        let detail = ContactDetailModel(client: client, contactID: ada, preview: found)
        await detail.load()
        #expect(detail.errorMessage == nil)
        #expect(detail.contact?.email == "ada.\(run)@example.com")
        #expect(detail.contact?.phone == "+44 20 7946 0001")
        #expect(detail.tasks.isEmpty)

        let due = Date(timeIntervalSince1970: 1_900_000_000)
        let draft = TaskDraft(subject: "  Send the notes on the engine  ", details: "Bernoulli numbers",
                              priority: .high, dueDate: due)
        #expect(await detail.addTask(draft))
        #expect(detail.errorMessage == nil)
        let task = try #require(detail.tasks.first)
        #expect(detail.tasks.count == 1)
        #expect(task.subject == "Send the notes on the engine")
        #expect(task.description == "Bernoulli numbers")
        #expect(task.priorityCode == .high)
        #expect(task.scheduledEnd == due)

        // On the service: the task, regarding Ada and not Charles.
        let taskID = try #require(task.activityId)
        let stored = try await ServerProbe.get(
            root, "tasks(\(taskID.lowercased))?$expand=regardingobjectid_contact_task($select=contactid)")
        #expect(stored.status == 200)
        #expect(stored.json?["subject"] as? String == "Send the notes on the engine")
        let regarding = stored.json?["regardingobjectid_contact_task"] as? [String: Any]
        #expect(regarding?["contactid"] as? String == ada.lowercased)
        let charlesTasks = try await ServerProbe.get(
            root, "tasks?$filter=regardingobjectid_contact_task/contactid%20eq%20\(charles.lowercased)")
        #expect((charlesTasks.json?["value"] as? [Any])?.isEmpty == true)

        // Read again, as the detail screen does when it appears.
        let reloaded = ContactDetailModel(client: client, contactID: ada)
        await reloaded.load()
        #expect(reloaded.contact?.displayName == "Ada Lovelace\(run)")
        #expect(reloaded.tasks.map(\.activityId) == [taskID])
        let other = ContactDetailModel(client: client, contactID: charles)
        await other.load()
        #expect(other.tasks.isEmpty)
    }

    @Test func aTaskNeedsASubject() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let signIn = SignInModel(serviceURL: root.absoluteString)
        await signIn.signIn(with: NoAuthentication())
        let detail = ContactDetailModel(client: try #require(signIn.client), contactID: UUID())
        #expect(await detail.addTask(TaskDraft(subject: " ")) == false)
        #expect(detail.errorMessage == "A task needs a subject.")
    }

    @Test func signInReportsAWrongServiceURL() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let elsewhere = root.deletingLastPathComponent().appendingPathComponent("nothing/")
        let signIn = SignInModel(serviceURL: elsewhere.absoluteString)
        await signIn.signIn(with: NoAuthentication())
        #expect(signIn.client == nil)
        #expect(signIn.errorMessage?.contains("no such resource") == true)
        #expect(!signIn.isSigningIn)

        signIn.serviceURL = "yourorg.crm.dynamics.com"
        #expect(!signIn.canSignIn)
        await signIn.signIn(with: NoAuthentication())
        #expect(signIn.errorMessage?.hasPrefix("Enter the service URL") == true)
    }

    @Test func withoutARegistrationTheSignInSaysWhatToSet() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let signIn = SignInModel(serviceURL: root.absoluteString, registration: .placeholder)
        #expect(!signIn.isRegistered)
        await signIn.signIn(using: LoopbackPresenter { _ in Issue.record("no sign-in page without a registration") })
        #expect(signIn.errorMessage?.contains("AppRegistration") == true)
        #expect(signIn.client == nil)
    }

    /// The app's own sign-in (`UserSignIn`, authorization code with PKCE) against Authlib's authorization server on
    /// loopback, standing in for Entra ID: the user signs in, a relaunch restores the session from the token store
    /// without a page, sign-out forgets the tokens, and the next sign-in asks for the account.
    @Test(
        .enabled(if: TestService.oauth != nil || TestService.isRequired, TestService.oauthSkipMessage),
        .timeLimit(.minutes(1))
    ) func theUserSignsInStaysSignedInAndSignsOut() async throws {
        let root = try #require(TestService.url, TestService.skipMessage)
        let server = try #require(TestService.oauth, TestService.oauthSkipMessage)
        let clientID = try #require(TestService.oauthAppClientId, TestService.oauthSkipMessage)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tracker-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileTokenStore(file: folder.appendingPathComponent("tokens.json"))
        let redirect = try #require(URL(string: "http://127.0.0.1/callback"))   // any port: a loopback listener
        func model() -> SignInModel {
            SignInModel(serviceURL: root.absoluteString, store: store) { _ in
                UserSignIn.Configuration(
                    authorizationEndpoint: server.appendingPathComponent("oauth/authorize"),
                    tokenEndpoint: server.appendingPathComponent("oauth/token"), clientID: clientID,
                    redirectURI: redirect,
                    scopes: ["odata", "offline_access"])
            }
        }
        let browser = TestBrowser()
        let signIn = model()
        #expect(signIn.isRegistered)
        await signIn.signIn(using: browser.presenter)
        #expect(signIn.errorMessage == nil)
        #expect(signIn.client != nil)
        #expect(try await store.load()?.refreshToken != nil)

        let relaunched = model()
        await relaunched.restore()
        #expect(relaunched.client != nil, "a stored sign-in opens the session without a page")
        #expect(await browser.prompts.count == 1)

        await relaunched.signOut()
        #expect(relaunched.client == nil)
        #expect(try await store.load() == nil)
        let afterSignOut = model()
        await afterSignOut.restore()
        #expect(afterSignOut.client == nil)

        await relaunched.signIn(using: browser.presenter)
        #expect(relaunched.client != nil)
        #expect(await browser.prompts == [nil, "select_account"], "the sign-in after a sign-out asks for the account")
    }

    /// Creates a contact with a key of its own (odatapy requires one; Dataverse accepts one) and returns the key.
    private func createContact(_ first: String, _ last: String, email: String,
                               client: ODataClient) async throws -> UUID {
        let contact = Contact()
        let id = UUID()
        contact.contactId = id
        contact.firstName = first
        contact.lastName = last
        contact.email = email
        contact.phone = first == "Ada" ? "+44 20 7946 0001" : "+44 20 7946 0002"
        try await client.create(contact)
        return id
    }
}

/// Where the test service is: `MOBILESDK_TEST_DATAVERSE_URL`, e.g. the odatapy server `scripts/test-servers.sh start`
/// runs with SampleMetadata/Dataverse.WebApi.xml. Without it the tests skip, unless `MOBILESDK_REQUIRE_LIVE_TESTS=1`
/// makes them fail.
enum TestService {
    static let url = ProcessInfo.processInfo.environment["MOBILESDK_TEST_DATAVERSE_URL"].flatMap(URL.init(string:))
    /// The OAuth authorization server of scripts/test-servers.sh, and the client id of its app registration.
    static let oauth = ProcessInfo.processInfo.environment["MOBILESDK_TEST_OAUTH_URL"].flatMap(URL.init(string:))
    static let oauthAppClientId = ProcessInfo.processInfo.environment["MOBILESDK_TEST_OAUTH_APP_CLIENT_ID"]
    static let isRequired = ProcessInfo.processInfo.environment["MOBILESDK_REQUIRE_LIVE_TESTS"] == "1"
    static let skipMessage: Comment =
        "no test service: set MOBILESDK_TEST_DATAVERSE_URL (scripts/test-servers.sh start writes it)"
    static let oauthSkipMessage: Comment =
        "no OAuth server: set MOBILESDK_TEST_OAUTH_URL and _APP_CLIENT_ID (scripts/test-servers.sh start writes them)"
}

/// Reads the service's state with `URLSession` and `JSONSerialization`, independently of the client.
enum ServerProbe {
    /// The status and JSON object of `GET root + path`.
    static func get(_ root: URL, _ path: String) async throws -> (status: Int, json: [String: Any]?) {
        guard let url = URL(string: root.absoluteString + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, try? JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

extension UUID {
    /// The form OData URLs and JSON use.
    fileprivate var lowercased: String { uuidString.lowercased() }
}
