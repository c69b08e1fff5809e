/// How generation lets go of a large intermediate result it no longer needs: the model read, the declarations rendered.
///
/// Freeing such a result takes a free per object: for a whole Dataverse organization (800 tables) 0.12 s for the model
/// and 0.23-0.26 s for the declarations, of a generation of three to four seconds. A process that exits once its files
/// are written can leave them to its exit, which returns their memory to the system at once.
public enum MemoryRelease: Sendable {
    /// Freed as soon as it is let go: for a process that goes on (an app, a test, a long-lived tool).
    case immediately
    /// Kept until the process exits, and never freed object by object: for the command line.
    case atExit

    /// Lets go of `value` as the policy says: frees it now, or keeps it until the process exits.
    public func release<Value>(_ value: consuming Value) {
        guard case .atExit = self else { return }
        _ = Unmanaged.passRetained(KeptUntilExit(value))
    }
}

/// A value referenced by nothing but an unbalanced retain: its memory goes when the process does.
private final class KeptUntilExit<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
