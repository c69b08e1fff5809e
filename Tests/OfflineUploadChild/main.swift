import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import TripPinModel

// Uploads the changes of the TripPin store at a path to a service: the process the crash-safety test kills at random
// points of an upload. Usage: OfflineUploadChild STORE SERVICE_ROOT none|oasis
let arguments = CommandLine.arguments
guard arguments.count == 4, let root = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: OfflineUploadChild STORE SERVICE_ROOT none|oasis\n".utf8))
    exit(2)
}
GeneratedEntities.register()
do {
    let store = try OfflineStore(
        at: URL(fileURLWithPath: arguments[1]),
        client: ODataClient(serviceRoot: root),
        definingQueries: [DefiningQuery("people", Query<Person>())],
        repeatability: arguments[3] == "oasis" ? .oasis : .none
    )
    let report = try await store.upload()
    print("sent \(report.sentCount), archived \(report.archivedCount)")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
