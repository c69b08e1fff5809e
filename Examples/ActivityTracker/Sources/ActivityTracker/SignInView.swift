#if canImport(SwiftUI)
import ActivityTrackerCore
import SwiftUI

/// The service URL and an access token; the interactive sign-in flows come later.
struct SignInView: View {
    @Bindable var model: SignInModel

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Service URL", text: $model.serviceURL,
                              prompt: Text(verbatim: "https://yourorg.crm.dynamics.com/api/data/v9.2/"))
                        .autocorrectionDisabled()
                        #if os(iOS) || os(visionOS)
                        .textInputAutocapitalization(.never)
                        .keyboardType(.URL)
                        .textContentType(.URL)
                        #endif
                    SecureField("Access token", text: $model.accessToken)
                } footer: {
                    Text("For example from `az account get-access-token --resource https://yourorg.crm.dynamics.com`.")
                }
                if let message = model.errorMessage {
                    Section {
                        Label(message, systemImage: "exclamationmark.triangle")
                            .foregroundStyle(.red)
                    }
                }
                Section {
                    Button {
                        Task { await model.signIn() }
                    } label: {
                        if model.isSigningIn {
                            ProgressView()
                        } else {
                            Text("Sign In")
                        }
                    }
                    .disabled(!model.canSignIn)
                }
            }
            .navigationTitle("Activity Tracker")
        }
    }
}
#endif
