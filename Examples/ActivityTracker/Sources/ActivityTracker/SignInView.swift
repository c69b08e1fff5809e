#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkClient
import SwiftUI
#if canImport(AuthenticationServices)
import AuthenticationServices
#endif
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// The service URL and the sign-in with Microsoft Entra ID, in the system's browser sheet.
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
                } footer: {
                    if !model.isRegistered {
                        Text("Set the app's Entra ID registration in AppRegistration.swift to sign in.")
                    }
                }
                if let message = model.errorMessage {
                    Section {
                        Label(message, systemImage: "exclamationmark.triangle")
                            .foregroundStyle(.red)
                    }
                }
                Section {
                    Button {
                        signIn()
                    } label: {
                        if model.isSigningIn {
                            ProgressView()
                        } else {
                            Text("Sign In with Microsoft")
                        }
                    }
                    .disabled(!model.canSignIn || !model.isRegistered)
                }
            }
            .navigationTitle("Activity Tracker")
        }
    }

    private func signIn() {
        #if os(iOS) || os(macOS) || os(visionOS)
        let presenter = WebAuthenticationSessionPresenter { Self.presentationAnchor() }
        Task { await model.signIn(using: presenter) }
        #endif
    }

    #if os(iOS) || os(visionOS)
    /// The key window of the app's active scene, which the browser sheet belongs to.
    @MainActor private static func presentationAnchor() -> ASPresentationAnchor {
        let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
        return windows.first(where: \.isKeyWindow) ?? windows.first ?? ASPresentationAnchor()
    }
    #elseif os(macOS)
    /// The key window, which the browser sheet belongs to.
    @MainActor private static func presentationAnchor() -> ASPresentationAnchor {
        NSApplication.shared.keyWindow ?? ASPresentationAnchor()
    }
    #endif
}

#Preview("Sign in") {
    SignInView(model: SignInModel())
}
#endif
