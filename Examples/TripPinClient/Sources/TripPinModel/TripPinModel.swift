import MobileSdk

/// Registers the generated TripPin classes with the shared registry.
public enum TripPinModel {
    public static func register() {
        TripPinEntities.register()
    }
}
