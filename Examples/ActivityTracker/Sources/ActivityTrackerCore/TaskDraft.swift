import ActivityTrackerModel
import Foundation

/// A new task as the user fills it in, before it is sent.
public struct TaskDraft: Equatable, Sendable {
    public var subject = ""
    public var details = ""
    public var priority = ActivityPriority.normal
    /// When the task is due; nil for no due date.
    public var dueDate: Date?

    public init(
        subject: String = "",
        details: String = "",
        priority: ActivityPriority = .normal,
        dueDate: Date? = nil
    ) {
        self.subject = subject
        self.details = details
        self.priority = priority
        self.dueDate = dueDate
    }

    /// Whether there is a due date, for a toggle: switching it on proposes tomorrow at this time.
    public var hasDueDate: Bool {
        get { dueDate != nil }
        set { dueDate = newValue ? dueDate ?? Calendar.current.date(byAdding: .day, value: 1, to: Date()) : nil }
    }

    /// A task needs a subject.
    public var canSave: Bool {
        !subject.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}
