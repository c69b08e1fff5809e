#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkClient
import MobileSdkOffline
import SwiftUI

/// A signed-in session: the contacts, on the service or in the offline store on the device, the Offline sheet that
/// downloads, uploads and switches between the two, and the progress of a download or upload below the contacts
/// while it runs (also after the sheet is closed).
struct SessionView: View {
    let client: ODataClient
    let signOut: @MainActor () -> Void
    /// The offline mode; nil until the store is open, and when it cannot be.
    @State private var offline: OfflineMode?
    /// Why the store could not be opened: the app then works online only.
    @State private var storeProblem: String?
    @State private var isShowingSync = false
    /// Whether the user last chose to work offline, kept across launches.
    @AppStorage("worksOffline") private var worksOffline = false

    var body: some View {
        NavigationStack {
            ContactSearchView(
                client: offline?.client ?? client,
                isOffline: offline?.isOffline == true,
                signOut: signOut
            )
            .safeAreaInset(edge: .bottom) {
                if let offline, offline.status.isSyncing { SyncProgressView(model: offline).padding().background(.bar) }
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button {
                        isShowingSync = true
                    } label: {
                        if offline?.isOffline == true {
                            Label("Offline", systemImage: "icloud.slash")
                        } else {
                            Label("Offline", systemImage: "arrow.triangle.2.circlepath")
                        }
                    }
                }
            }
        }
        // Switching between the service and the store starts again from the contacts, read through the other.
        .id(offline?.isOffline == true)
        .sheet(isPresented: $isShowingSync) {
            if let offline {
                SyncView(model: offline)
            } else {
                ContentUnavailableView(
                    "Online Only",
                    systemImage: "exclamationmark.triangle",
                    description: Text(storeProblem ?? "The offline store is not open.")
                )
            }
        }
        .onAppear { openStore() }
        .onChange(of: offline?.isOffline) { _, isOffline in if let isOffline { worksOffline = isOffline } }
    }

    /// Opens the store on the device for this service, once.
    private func openStore() {
        guard offline == nil, storeProblem == nil else { return }
        do { offline = try OfflineMode(client: client, isOffline: worksOffline) } catch {
            storeProblem = "The offline store could not be opened: " + ErrorMessage.text(for: error)
        }
    }
}
#endif
