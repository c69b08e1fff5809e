import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkClient
import Observation

/// One contact: its details, the tasks about it, and a new task added to them.
@MainActor @Observable
public final class ContactDetailModel {
    public let contactID: UUID
    /// The contact as last read; until then, what the search showed, if anything.
    public private(set) var contact: Contact?
    /// The tasks regarding the contact, by due date.
    public private(set) var tasks: [CRMTask] = []
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    /// Why the last load or save failed, in words for the user.
    public private(set) var errorMessage: String?

    private let client: ODataClient

    /// The contact with this id; `preview`, e.g. the contact from the search results, shows until ``load()`` reads it.
    public init(client: ODataClient, contactID: UUID, preview: Contact? = nil) {
        self.client = client
        self.contactID = contactID
        contact = preview
    }

    /// Reads the contact and its tasks.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let query = Query<Contact>().selectingShownColumns().filter { $0.contactid == contactID }.top(1)
            guard let contact = try await client.retrieveAll(query).first else {
                errorMessage = "The contact no longer exists."
                return
            }
            self.contact = contact
            tasks = try await client.retrieveAll(tasksQuery)
            errorMessage = nil
        } catch {
            guard !Task.isCancelled else { return }
            errorMessage = ErrorMessage.text(for: error)
        }
    }

    /// Creates a task regarding the contact from `draft`, then reads the tasks again; false, with ``errorMessage``
    /// set, when that failed.
    public func addTask(_ draft: TaskDraft) async -> Bool {
        guard draft.canSave else {
            errorMessage = "A task needs a subject."
            return false
        }
        isSaving = true
        defer { isSaving = false }
        let task = CRMTask()
        // Dataverse takes an id chosen by the client, and some OData services insist on one.
        task.activityid = UUID()
        task.subject = draft.subject.trimmingCharacters(in: .whitespacesAndNewlines)
        let details = draft.details.trimmingCharacters(in: .whitespacesAndNewlines)
        if !details.isEmpty { task.description = details }
        task.prioritycode = draft.priority.rawValue
        if let dueDate = draft.dueDate { task.scheduledend = dueDate }
        task.setRegarding(EntityReference(logicalName: Contact.entityLogicalName, id: contactID))
        do {
            try await client.create(task)
            errorMessage = nil
        } catch {
            errorMessage = ErrorMessage.text(for: error)
            return false
        }
        do {
            tasks = try await client.retrieveAll(tasksQuery)
        } catch {
            // The task was created; only the list is stale. Show it with the others until the next load.
            tasks.append(task)
        }
        return true
    }

    /// The tasks about the contact. Filtering through the navigation property rather than `_regardingobjectid_value`
    /// works on services that keep only the link, as well as on Dataverse.
    private var tasksQuery: Query<CRMTask> {
        Query<CRMTask>()
            .select(\.activityid, \.subject, \.description, \.prioritycode, \.scheduledend)
            .filter { $0.regardingobjectidContactTask.contactid == contactID }
            .orderBy(\.scheduledend)
            .top(100)
    }
}
