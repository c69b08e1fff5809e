#if canImport(SwiftUI)
import ActivityTrackerCore
import MobileSdkOffline
import SwiftUI

/// The running download or upload in words, over a bar that fills where its total is known (a first download, an
/// upload) and a spinner where it is not (a delta, whose changes the service does not count); nothing when none runs.
struct SyncProgressView: View {
    let model: OfflineMode

    var body: some View {
        if let text = model.progressText {
            if let fraction = model.status.fractionCompleted {
                ProgressView(text, value: fraction)
            } else {
                ProgressView(text)
            }
        }
    }
}
#endif
