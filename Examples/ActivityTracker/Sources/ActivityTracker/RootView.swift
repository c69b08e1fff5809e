#if canImport(SwiftUI)
import ActivityTrackerCore
import SwiftUI

/// The sign-in form, then the signed-in session.
struct RootView: View {
    let signIn: SignInModel

    var body: some View {
        if let client = signIn.client {
            SessionView(client: client, signOut: { Task { await signIn.signOut() } })
                // A new session starts with a new search.
                .id(ObjectIdentifier(client))
        } else {
            SignInView(model: signIn)
                // A user who signed in before and did not sign out goes straight on.
                .task { await signIn.restore() }
        }
    }
}
#endif
