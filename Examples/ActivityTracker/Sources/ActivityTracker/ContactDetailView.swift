#if canImport(SwiftUI)
import ActivityTrackerCore
import ActivityTrackerModel
import MobileSdk
import SwiftUI

/// One contact: how to reach them and their open tasks, with a button to add one and one on each task to complete it;
/// on the service or in the offline store, whichever `client` is.
struct ContactDetailView: View {
    @State private var model: ContactDetailModel
    @State private var isAddingTask = false

    init(client: any ODataServiceClient, contactID: UUID, preview: Contact?) {
        _model = State(initialValue: ContactDetailModel(client: client, contactID: contactID, preview: preview))
    }

    var body: some View {
        List {
            if let message = model.errorMessage {
                Label(message, systemImage: "exclamationmark.triangle")
                    .foregroundStyle(.red)
            }
            if let contact = model.contact {
                Section("Contact") {
                    LabeledContent("E-mail", value: contact.email ?? "–")
                    LabeledContent("Phone", value: contact.phone ?? "–")
                }
            }
            Section("Open Tasks") {
                if model.tasks.isEmpty && !model.isLoading {
                    Text("No open tasks")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.tasks) { task in
                    TaskRow(task: task) {
                        Task { _ = await model.complete(task) }
                    }
                    .disabled(model.isSaving)
                }
            }
        }
        .navigationTitle(model.contact?.displayName ?? "Contact")
        .toolbar {
            ToolbarItem {
                Button("Add Task", systemImage: "plus") { isAddingTask = true }
                    .disabled(model.contact == nil)
            }
        }
        .sheet(isPresented: $isAddingTask) {
            NewTaskView(model: model)
        }
        .task { await model.load() }
        .refreshable { await model.load() }
    }
}

/// A task in the list: a button that completes it, subject, due date and priority.
struct TaskRow: View {
    let task: CRMTask
    let complete: @MainActor () -> Void
    @Environment(\.locale) private var locale

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Button {
                complete()
            } label: {
                Label("Complete", systemImage: "circle")
                    .labelStyle(.iconOnly)
            }
            // Only the circle completes the task, not the whole row.
            .buttonStyle(.borderless)
            VStack(alignment: .leading) {
                Text(task.subject ?? "No subject")
                HStack {
                    if let due = task.scheduledEnd {
                        Text(due, format: .dateTime.day().month().hour().minute())
                    }
                    if let priority = task.priorityCode, priority != .normal, let label = priority.label(in: locale) {
                        Text(label)
                    }
                }
                .font(.caption)
                .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview("Ada Lovelace, on the device") {
    SampleStorePreview { store in
        NavigationStack {
            ContactDetailView(client: store, contactID: SampleData.adaLovelace, preview: nil)
        }
    }
}
#endif
