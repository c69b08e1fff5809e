import ActivityTrackerModel
import Foundation
import MobileSdk
import MobileSdkOffline

/// A few contacts and open tasks about them, as a download would leave them in the offline store: the data of SwiftUI
/// previews and of tests that need no service.
public enum SampleData {
    /// The id of Ada Lovelace, with two open tasks.
    public static let adaLovelace = id(1)
    /// The id of Charles Babbage, with one open task.
    public static let charlesBabbage = id(2)
    /// The id of Mary Shelley, without tasks (with `pendingChanges`, one added offline).
    public static let maryShelley = id(3)

    /// An in-memory store with the app's tables, holding ``contacts()`` and ``tasks()``; with `pendingChanges`, also
    /// a task added and one completed offline, waiting to be uploaded.
    public static func store(pendingChanges: Bool = false) throws -> OfflineStore {
        let store = try OfflineMode.inMemoryStore()
        try store.insertDownloaded(contacts() + tasks())
        if pendingChanges {
            let added = CRMTask()
            added.activityId = id(104)
            added.subject = "Book the lecture hall"
            added.priorityCode = .normal
            added.regardingObjectId = EntityReference(Contact.self, id: maryShelley)
            try store.create(added)
            let completed = CRMTask(id: id(102))
            completed.stateCode = .completed
            try store.update(completed)
        }
        return store
    }

    /// The sample contacts, new instances each time.
    public static func contacts() -> [Contact] {
        [
            contact(adaLovelace, "Ada", "Lovelace", "ada@example.com", "+44 20 7946 0001"),
            contact(charlesBabbage, "Charles", "Babbage", "charles@example.com", "+44 20 7946 0002"),
            contact(maryShelley, "Mary", "Shelley", nil, "+44 20 7946 0003"),
        ]
    }

    /// The sample tasks, new instances each time: two about Ada, one about Charles, none about Mary.
    public static func tasks() -> [CRMTask] {
        [
            task(id(101), "Send the notes on the engine", regarding: adaLovelace, priority: .high, dueInDays: 1),
            task(id(102), "Check the Bernoulli table", regarding: adaLovelace, priority: .normal, dueInDays: 3),
            task(id(103), "Ask about the difference engine", regarding: charlesBabbage, priority: .low, dueInDays: nil),
        ]
    }

    private static func contact(_ id: UUID, _ first: String, _ last: String, _ email: String?, _ phone: String)
        -> Contact
    {
        let contact = Contact()
        contact.contactId = id
        contact.firstName = first
        contact.lastName = last
        contact.email = email
        contact.phone = phone
        return contact
    }

    /// A task as Dataverse returns it: the contact it is about in `_regardingobjectid_value`, open (`statecode` 0).
    private static func task(
        _ id: UUID,
        _ subject: String,
        regarding contact: UUID,
        priority: ActivityPriority,
        dueInDays days: Int?
    ) -> CRMTask {
        let task = CRMTask()
        task.activityId = id
        task.subject = subject
        task.priorityCode = priority
        task.stateCode = .open
        task.regardingObjectId = EntityReference(Contact.self, id: contact)
        if let days { task.scheduledEnd = Date(timeIntervalSince1970: 1_900_000_000 + Double(days) * 86_400) }
        return task
    }

    /// A GUID whose last bytes are `number`, e.g. `00000000-0000-0000-0000-000000000065` for 101.
    private static func id(_ number: UInt8) -> UUID {
        UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, number))
    }
}
