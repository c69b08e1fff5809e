#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkOffline
import SwiftUI

/// Working offline: the switch between the service and the store on the device, what the store holds, download and
/// upload, the changes waiting to be uploaded, and those the service refused, each with what the user can do.
struct SyncView: View {
    @Bindable var model: OfflineSyncModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Work Offline", isOn: $model.isOffline)
                        .disabled(!model.canWorkOnline || model.isBusy)
                } footer: {
                    if model.isOffline {
                        Text("The app reads and changes the contacts and tasks stored on this device; Upload sends "
                            + "the changes to the service.")
                    } else {
                        Text("The app reads and changes the service. Download first to work without a network.")
                    }
                }
                Section("On This Device") {
                    LabeledContent("Contacts", value: "\(model.storedContactCount)")
                    LabeledContent("Open tasks", value: "\(model.storedTaskCount)")
                    LabeledContent("Changes to upload", value: "\(model.pendingChangeCount)")
                }
                Section {
                    Button {
                        Task { await model.sync() }
                    } label: {
                        Label("Upload and Download", systemImage: "arrow.triangle.2.circlepath")
                    }
                    Button {
                        Task { await model.download() }
                    } label: {
                        Label("Download", systemImage: "icloud.and.arrow.down")
                    }
                    Button {
                        Task { await model.upload() }
                    } label: {
                        Label("Upload", systemImage: "icloud.and.arrow.up")
                    }
                    .disabled(model.pendingChanges.isEmpty)
                } footer: {
                    status
                }
                .disabled(!model.canWorkOnline || model.isBusy)
                if !model.pendingChanges.isEmpty {
                    Section("Waiting to Upload") {
                        ForEach(model.pendingChanges) { change in
                            Text(model.description(of: change))
                        }
                    }
                }
                if !model.archivedErrors.isEmpty {
                    Section("Refused by the Service") {
                        ForEach(model.archivedErrors) { refused in
                            RefusedChangeRow(model: model, refused: refused)
                        }
                    }
                }
            }
            .navigationTitle("Offline")
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
            .onAppear { model.refresh() }
        }
    }

    /// How the running or last download or upload went.
    @ViewBuilder private var status: some View {
        if let progress = model.progressText {
            ProgressView(progress)
        } else if let message = model.errorMessage {
            Label(message, systemImage: "exclamationmark.triangle")
                .foregroundStyle(.red)
        } else if let message = model.statusMessage {
            Text(message)
        } else if !model.canWorkOnline {
            Text("This store has no service.")
        }
    }
}

/// A change the service refused: what it was and what the service said, and the three ways to settle it.
struct RefusedChangeRow: View {
    let model: OfflineSyncModel
    let refused: ArchivedError

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(model.description(of: refused))
            HStack {
                Button("Send Again") { resolve(by: .retry) }
                Button("Use the Service's") { resolve(by: .takeServerVersion) }
                Button("Discard", role: .destructive) { resolve(by: .discard) }
            }
            // Each button acts alone, not the whole row.
            .buttonStyle(.borderless)
            .disabled(model.isBusy)
        }
    }

    private func resolve(by resolution: ErrorResolution) {
        Task { await model.resolve(refused, by: resolution) }
    }
}

#Preview("Offline, with changes to upload") {
    SampleStorePreview(pendingChanges: true) { store in
        SyncView(model: OfflineSyncModel(store: store))
    }
}
#endif
