#if canImport(SwiftUI)
import ActivityTrackerCore
import SwiftUI

/// Sign in, search contacts, show one, add a task about it.
@main
struct ActivityTrackerApp: App {
    @State private var signIn = SignInModel()

    var body: some Scene {
        WindowGroup {
            RootView(signIn: signIn)
        }
    }
}
#else
/// Without SwiftUI there is no app to show; the view models in ActivityTrackerCore build and are tested here too.
@main
enum ActivityTrackerApp {
    static func main() {
        print("ActivityTracker is a SwiftUI app: run it on an Apple platform. ActivityTrackerCore has its view models.")
    }
}
#endif
