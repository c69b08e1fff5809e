import ActivityTrackerModel
import Foundation
import MobileSdk
import Observation

/// One contact: its details, its open tasks, a new task added to them and a task marked as completed, on the service
/// or in the offline store, whichever `client` is.
@MainActor @Observable
public final class ContactDetailModel {
    public let contactID: UUID
    /// The contact as last read; until then, what the search showed, if anything.
    public private(set) var contact: Contact?
    /// The open tasks regarding the contact, by due date.
    public private(set) var tasks: [CRMTask] = []
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    /// Why the last load or save failed, in words for the user.
    public private(set) var errorMessage: String?

    private let client: any ODataServiceClient
    private let service: SystemService

    /// The contact with this id, read and changed through `client`: an `ODataClient` online, an `OfflineStore`
    /// offline (see ``OfflineMode``). `preview`, e.g. the contact from the search results, shows until
    /// ``load()`` reads it.
    public init(client: any ODataServiceClient, contactID: UUID, preview: Contact? = nil) {
        self.client = client
        service = SystemService(client: client)
        self.contactID = contactID
        contact = preview
    }

    /// Reads the contact and its tasks.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            contact = try await service.contacts.retrieve(id: contactID, Query<Contact>().selectingShownColumns())
            tasks = try await readTasks()
            errorMessage = nil
        } catch {
            guard !Task.isCancelled else { return }
            errorMessage =
                ErrorMessage.isNotFound(error) ? "The contact no longer exists." : ErrorMessage.text(for: error)
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
        task.activityId = UUID()
        task.subject = draft.subject.trimmingCharacters(in: .whitespacesAndNewlines)
        let details = draft.details.trimmingCharacters(in: .whitespacesAndNewlines)
        if !details.isEmpty { task.description = details }
        task.priorityCode = draft.priority
        if let dueDate = draft.dueDate { task.scheduledEnd = dueDate }
        // Sent as `regardingobjectid_contact_task@odata.bind`: the task's own navigation property to contacts.
        task.regardingObjectId = EntityReference(Contact.self, id: contactID)
        // If only reading the list again fails, the task was created: show it with the others until the next load.
        return await write({ try await service.tasks.create(task) }, ifStale: { tasks.append(task) })
    }

    /// Marks the task as completed, which takes it off the open tasks; false, with ``errorMessage`` set, when that
    /// failed.
    public func complete(_ task: CRMTask) async -> Bool {
        guard let id = task.activityId else { return false }
        isSaving = true
        defer { isSaving = false }
        // A change of its own, so that the task shown keeps its state if the change fails.
        let change = CRMTask(id: id)
        change.eTag = task.eTag
        change.stateCode = .completed
        return await write(
            { try await service.tasks.update(change) }, ifStale: { tasks.removeAll { $0.activityId == id } }
        )
    }

    /// Runs a change, then reads the tasks again; false, with ``errorMessage`` set, when the change failed. When only
    /// the reading fails, `ifStale` brings the list up to date by hand.
    private func write(_ change: () async throws -> Void, ifStale: () -> Void) async -> Bool {
        do {
            try await change()
            errorMessage = nil
        } catch {
            errorMessage = ErrorMessage.text(for: error)
            return false
        }
        do {
            tasks = try await readTasks()
        } catch {
            ifStale()
        }
        return true
    }

    /// The open tasks about the contact.
    private func readTasks() async throws -> [CRMTask] { try await service.tasks.query(tasksQuery) }

    /// The open tasks about the contact. The filter goes through the navigation property, which works on services
    /// that keep only the link as well as on Dataverse, or compares the lookup (`_regardingobjectid_value`), which
    /// Dataverse fills and the offline store keeps (the sample data sets only that).
    private var tasksQuery: Query<CRMTask> {
        Query<CRMTask>()
            .select(\.activityId, \.subject, \.description, \.priorityCode, \.scheduledEnd)
            .filter {
                $0.regardingContact.contactId == contactID
                    || $0.regardingObjectId == EntityReference(Contact.self, id: contactID)
            }
            .onlyOpen()
            .orderBy(\.scheduledEnd)
            .top(100)
    }
}
