import Foundation

/// The service the app signs in to unless the user types another.
public enum Service {
    public static let url = URL(string: "https://yourorg.crm.dynamics.com/api/data/v9.2/")
}
