#if canImport(SwiftUI)
import ActivityTrackerCore
import ActivityTrackerModel
import MobileSdkClient
import SwiftUI

/// One contact: how to reach them and the tasks about them, with a button to add one.
struct ContactDetailView: View {
    @State private var model: ContactDetailModel
    @State private var isAddingTask = false

    init(client: ODataClient, contactID: UUID, preview: Contact?) {
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
                    LabeledContent("E-mail", value: contact.emailaddress1 ?? "–")
                    LabeledContent("Phone", value: contact.telephone1 ?? "–")
                }
            }
            Section("Tasks") {
                if model.tasks.isEmpty && !model.isLoading {
                    Text("No tasks yet")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.tasks) { task in
                    TaskRow(task: task)
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

/// A task in the list: subject, due date and priority.
struct TaskRow: View {
    let task: CRMTask

    var body: some View {
        VStack(alignment: .leading) {
            Text(task.subject ?? "No subject")
            HStack {
                if let due = task.scheduledend {
                    Text(due, format: .dateTime.day().month().hour().minute())
                }
                if let priority = task.priority, priority != .normal {
                    Text(priority.label)
                }
            }
            .font(.caption)
            .foregroundStyle(.secondary)
        }
    }
}
#endif
