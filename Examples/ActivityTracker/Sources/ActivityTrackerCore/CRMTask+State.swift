import ActivityTrackerModel
import MobileSdk

extension CRMTask {
    /// The `statecode` of a completed activity in Dataverse (0 is open, 2 canceled).
    static let completedState: Int32 = 1
    /// The `statecode` of a canceled activity.
    static let canceledState: Int32 = 2

    /// Whether the task is neither completed nor canceled; a task without a state counts as open.
    public var isOpen: Bool {
        statecode != Self.completedState && statecode != Self.canceledState
    }
}

extension Query where Root == CRMTask {
    /// Only open tasks. Written as "neither completed nor canceled" rather than `statecode eq 0`, so that a task
    /// whose service left the state empty counts as open, as ``CRMTask/isOpen`` says.
    func onlyOpen() -> Query {
        filter { $0.statecode != CRMTask.completedState && $0.statecode != CRMTask.canceledState }
    }
}
