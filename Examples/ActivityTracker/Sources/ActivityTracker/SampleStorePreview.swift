#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkOffline
import SwiftUI

/// Shows `content` over the sample store, in memory (``SampleData``): what the previews run on instead of a service.
struct SampleStorePreview<Content: View>: View {
    @State private var store: Result<OfflineStore, any Error>
    private let content: @MainActor (OfflineStore) -> Content

    /// The sample store; with `pendingChanges`, a task added and one completed offline wait to be uploaded.
    init(pendingChanges: Bool = false, @ViewBuilder content: @escaping @MainActor (OfflineStore) -> Content) {
        _store = State(initialValue: Result { try SampleData.store(pendingChanges: pendingChanges) })
        self.content = content
    }

    var body: some View {
        switch store {
        case .success(let store):
            content(store)
        case .failure(let error):
            ContentUnavailableView("No Sample Store", systemImage: "exclamationmark.triangle",
                                   description: Text(ErrorMessage.text(for: error)))
        }
    }
}
#endif
