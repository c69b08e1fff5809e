import ActivityTrackerModel
import MobileSdk

extension CRMTask {
    /// Whether the task is neither completed nor canceled; a task without a state counts as open.
    public var isOpen: Bool {
        stateCode != .completed && stateCode != .canceled
    }
}

extension Query where Root == CRMTask {
    /// Only open tasks. Written as "neither completed nor canceled" rather than `statecode eq 0`, so that a task
    /// whose service left the state empty counts as open, as ``CRMTask/isOpen`` says.
    func onlyOpen() -> Query {
        filter { $0.stateCode != ActivityState.completed && $0.stateCode != ActivityState.canceled }
    }
}
