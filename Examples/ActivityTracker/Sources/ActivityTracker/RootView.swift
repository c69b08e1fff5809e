#if canImport(SwiftUI)
import ActivityTrackerCore
import SwiftUI

/// The sign-in form, then the contacts of the signed-in session.
struct RootView: View {
    let signIn: SignInModel

    var body: some View {
        if let client = signIn.client {
            ContactSearchView(client: client, signOut: { signIn.signOut() })
                // A new session starts with a new search.
                .id(ObjectIdentifier(client))
        } else {
            SignInView(model: signIn)
        }
    }
}
#endif
