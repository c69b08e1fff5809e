#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkOffline
import SwiftUI

/// Working offline: the switch between the service and the store on the device, what the store holds, download and
/// upload with their progress, when they last succeeded and why the last one failed, the changes waiting to be
/// uploaded, and those the service refused, each with what the user can do. Everything about the sync comes from
/// the model's `status`, which follows the store whoever downloads or uploads.
struct SyncView: View {
    @Bindable var model: OfflineMode
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Work Offline", isOn: $model.isOffline)
                        .disabled(!model.canWorkOnline || model.status.isSyncing)
                } footer: {
                    if model.isOffline {
                        Text(
                            "The app reads and changes the contacts and tasks stored on this device; Upload sends "
                                + "the changes to the service."
                        )
                    } else {
                        Text("The app reads and changes the service. Download first to work without a network.")
                    }
                }
                Section("On This Device") {
                    // Read from the store as the view is drawn, which it is again when the status changes.
                    if let counts = try? model.storedCounts() {
                        LabeledContent("Contacts", value: "\(counts.contacts)")
                        LabeledContent("Open tasks", value: "\(counts.openTasks)")
                    }
                    LabeledContent("Changes to upload", value: "\(model.status.pendingCount)")
                    lastSuccess("Last download", at: model.status.lastDownloaded)
                    lastSuccess("Last upload", at: model.status.lastUploaded)
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
                    .disabled(model.status.pendingCount == 0)
                } footer: {
                    syncFooter
                }
                .disabled(!model.canWorkOnline || model.status.isSyncing)
                // The queue is read again whenever its count changes.
                if model.status.pendingCount > 0, let pending = try? model.pendingChanges(), !pending.isEmpty {
                    Section("Waiting to Upload") { ForEach(pending) { change in Text(model.description(of: change)) } }
                }
                if !model.status.archivedErrors.isEmpty {
                    Section {
                        ForEach(model.status.archivedErrors) { refused in
                            RefusedChangeRow(model: model, refused: refused)
                        }
                    } header: {
                        Text("Refused by the Service")
                    } footer: {
                        if let error = model.resolutionError {
                            Label(error, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
                        }
                    }
                }
            }
            .navigationTitle("Offline")
            .toolbar { ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } } }
        }
    }

    /// The running download or upload, else why the last one failed, else what the last ones did.
    @ViewBuilder private var syncFooter: some View {
        if model.status.isSyncing {
            SyncProgressView(model: model)
        } else if let failure = model.status.lastFailure {
            Label(failure.localizedDescription, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
        } else if !model.canWorkOnline {
            Text("This store has no service.")
        } else if let summary {
            Text(summary)
        }
    }

    /// What the last upload and the last download did, in words.
    private var summary: String? {
        let summaries = [model.lastUploadSummary, model.lastDownloadSummary].compactMap { $0 }
        return summaries.isEmpty ? nil : summaries.joined(separator: " ")
    }

    /// When a download or upload last succeeded, as time ago that keeps counting; "Never" before the first.
    private func lastSuccess(_ title: LocalizedStringKey, at date: Date?) -> some View {
        LabeledContent(title) { if let date { Text("\(Text(date, style: .relative)) ago") } else { Text("Never") } }
    }
}

/// A change the service refused: what it was and what the service said, and the three ways to settle it.
struct RefusedChangeRow: View {
    let model: OfflineMode
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
            .buttonStyle(.borderless).disabled(model.status.isSyncing)
        }
    }

    private func resolve(by resolution: ErrorResolution) { Task { await model.resolve(refused, by: resolution) } }
}

#Preview("Offline, with changes to upload") {
    SampleStorePreview(pendingChanges: true) { store in SyncView(model: OfflineMode(store: store)) }
}
#endif
