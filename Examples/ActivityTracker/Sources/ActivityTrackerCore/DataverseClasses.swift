import ActivityTrackerModel
import MobileSdk

/// The generated classes, registered with a registry of the app's own: the clients it builds decode into them.
enum DataverseClasses {
    static let registry: EntityRegistry = {
        let registry = EntityRegistry()
        GeneratedEntities.register(in: registry)
        return registry
    }()
}
