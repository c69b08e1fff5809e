#if canImport(SwiftUI)
import ActivityTrackerCore
import ActivityTrackerModel
import MobileSdk
import SwiftUI

/// A form for a new task about the contact the model shows.
struct NewTaskView: View {
    let model: ContactDetailModel
    @State private var draft = TaskDraft()
    @Environment(\.dismiss) private var dismiss
    /// The labels of priorities and the name of their column come from the service, in the app's language.
    @Environment(\.locale) private var locale

    var body: some View {
        NavigationStack {
            Form {
                TextField("Subject", text: $draft.subject)
                TextField("Description", text: $draft.details, axis: .vertical)
                    .lineLimit(3...8)
                Picker(CRMTask.displayName(of: \.priorityCode, in: locale) ?? "Priority", selection: $draft.priority) {
                    ForEach(ActivityPriority.allCases, id: \.self) { priority in
                        Text(priority.label(in: locale) ?? "").tag(priority)
                    }
                }
                #if !os(tvOS)
                Toggle("Due date", isOn: $draft.hasDueDate)
                if let dueDate = Binding($draft.dueDate) {
                    DatePicker("Due", selection: dueDate)
                }
                #endif
                if let message = model.errorMessage {
                    Label(message, systemImage: "exclamationmark.triangle")
                        .foregroundStyle(.red)
                }
            }
            .navigationTitle("New Task")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Add") {
                        Task {
                            if await model.addTask(draft) { dismiss() }
                        }
                    }
                    .disabled(!draft.canSave || model.isSaving)
                }
            }
        }
    }
}

#Preview("New task") {
    SampleStorePreview { store in
        NewTaskView(model: ContactDetailModel(client: store, contactID: SampleData.adaLovelace))
    }
}
#endif
