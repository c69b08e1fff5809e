#if canImport(SwiftUI)
import ActivityTrackerCore
import ActivityTrackerModel
import MobileSdk
import SwiftUI

/// Contacts by name or e-mail address; choosing one shows it. The contacts come from the service or, offline, from the
/// store on the device, whichever `client` is.
struct ContactSearchView: View {
    @State private var model: ContactSearchModel
    private let client: any ODataServiceClient
    private let isOffline: Bool
    private let signOut: @MainActor () -> Void

    init(client: any ODataServiceClient, isOffline: Bool = false, signOut: @escaping @MainActor () -> Void) {
        _model = State(initialValue: ContactSearchModel(client: client))
        self.client = client
        self.isOffline = isOffline
        self.signOut = signOut
    }

    var body: some View {
        List {
            if isOffline {
                Label("Working offline, on the contacts and tasks stored on this device", systemImage: "icloud.slash")
                    .foregroundStyle(.secondary)
            }
            if let message = model.errorMessage {
                Label(message, systemImage: "exclamationmark.triangle")
                    .foregroundStyle(.red)
            }
            ForEach(model.contacts) { contact in
                NavigationLink(value: contact) {
                    ContactRow(contact: contact)
                }
            }
        }
        .overlay {
            if model.contacts.isEmpty && !model.isSearching && model.errorMessage == nil {
                if !model.searchText.isEmpty {
                    ContentUnavailableView.search(text: model.searchText)
                } else if isOffline {
                    ContentUnavailableView("No Contacts on This Device", systemImage: "icloud.slash",
                                           description: Text("Download them in Offline, or work online."))
                } else {
                    ContentUnavailableView("No Contacts", systemImage: "person.2",
                                           description: Text("The service has no contacts yet."))
                }
            }
        }
        .navigationTitle("Contacts")
        .navigationDestination(for: Contact.self) { contact in
            if let id = contact.contactId {
                ContactDetailView(client: client, contactID: id, preview: contact)
            } else {
                ContentUnavailableView("No Contact", systemImage: "person.crop.circle.badge.questionmark")
            }
        }
        .searchable(text: $model.searchText, prompt: "Name or e-mail address")
        .task(id: model.searchText) {
            // Waits for a pause in typing: typing again cancels this task and starts the next one.
            do {
                try await Task.sleep(for: .milliseconds(300))
            } catch {
                return
            }
            await model.search()
        }
        .refreshable { await model.search() }
        .toolbar {
            ToolbarItem {
                Button("Sign Out") { signOut() }
            }
        }
    }
}

/// A contact in the list: name, and e-mail address when it has one.
struct ContactRow: View {
    let contact: Contact

    var body: some View {
        VStack(alignment: .leading) {
            Text(contact.displayName)
                .font(.headline)
            if let email = contact.email {
                Text(email)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

#Preview("Contacts on the device") {
    SampleStorePreview { store in
        NavigationStack {
            ContactSearchView(client: store, isOffline: true, signOut: {})
        }
    }
}
#endif
