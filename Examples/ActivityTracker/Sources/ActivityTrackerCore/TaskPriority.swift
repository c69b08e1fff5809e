import ActivityTrackerModel

/// The priorities of a Dataverse activity (`prioritycode`).
public enum TaskPriority: Int32, CaseIterable, Identifiable, Sendable {
    case low = 0
    case normal = 1
    case high = 2

    public var id: Self { self }

    public var label: String {
        switch self {
        case .low: "Low"
        case .normal: "Normal"
        case .high: "High"
        }
    }
}

extension CRMTask {
    /// The task's priority; nil when it has none or one the app does not know.
    public var priority: TaskPriority? {
        prioritycode.flatMap(TaskPriority.init(rawValue:))
    }
}
