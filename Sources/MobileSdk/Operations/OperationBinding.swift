/// What an action or function is bound to.
public enum OperationBinding: Sendable {
    /// An unbound operation (an action or function import).
    case unbound
    /// Bound to the entity set, e.g. `People/Sample.TripPin.GetTripsByTag(…)`.
    case entitySet(String)
    /// Bound to one entity.
    case entity(entitySet: String, key: EntityKey)
}
