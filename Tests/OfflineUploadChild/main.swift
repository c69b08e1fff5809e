import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline
import SAPDeltaModel
import TripPinModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The process the offline store's tests stop in the middle of its work:
//   OfflineUploadChild upload STORE SERVICE_ROOT none|oasis   uploads the TripPin store's changes (killed at random)
//   OfflineUploadChild download STORE SERVICE_ROOT            downloads the people (killed at random)
//   OfflineUploadChild upload-sap STORE SERVICE_ROOT          uploads a SAP Gateway store's product changes with
//                                                             SAP's repeatability (killed at random)
//   OfflineUploadChild fill STORE BYTES                       creates people until the file may not grow by BYTES
//                                                             more (a full disk), then prints how many it created
//   OfflineUploadChild watch STORE COUNTS                     an extension beside the app: opens the store without a
//                                                             client and counts its people until it has seen COUNTS
//                                                             different counts (two minutes at most), printing
//                                                             "reads R counts C1,C2,…" (each count once, in order)
let arguments = Array(CommandLine.arguments.dropFirst())
TripPinModel.GeneratedEntities.register()
SAPDeltaModel.GeneratedEntities.register()
let people = DefiningQuery("people", Query<Person>())
do {
    switch (arguments.first, arguments.count) {
    case ("upload", 4):
        guard let root = URL(string: arguments[2]) else { throw OfflineStoreError.invalidValue("no service root") }
        let store = try OfflineStore(
            at: URL(fileURLWithPath: arguments[1]),
            client: ODataClient(serviceRoot: root),
            definingQueries: [people],
            repeatability: arguments[3] == "oasis" ? .oasis : .none
        )
        let report = try await store.upload()
        print("sent \(report.sentCount), archived \(report.archivedCount)")
    case ("upload-sap", 3):
        guard let root = URL(string: arguments[2]) else { throw OfflineStoreError.invalidValue("no service root") }
        let store = try OfflineStore(
            at: URL(fileURLWithPath: arguments[1]),
            client: ODataClient(serviceRoot: root, version: .v2),
            definingQueries: [DefiningQuery("products", Query<Product>())],
            repeatability: .sapGateway
        )
        let report = try await store.upload()
        print("sent \(report.sentCount), archived \(report.archivedCount)")
    case ("download", 3):
        guard let root = URL(string: arguments[2]) else { throw OfflineStoreError.invalidValue("no service root") }
        let store = try OfflineStore(
            at: URL(fileURLWithPath: arguments[1]),
            client: ODataClient(serviceRoot: root),
            definingQueries: [people]
        )
        let report = try await store.download()
        print("received \(report.queries.map(\.receivedCount))")
    case ("fill", 3):
        let file = URL(fileURLWithPath: arguments[1])
        let store = try OfflineStore(at: file, client: nil, definingQueries: [people])
        let size = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        signal(SIGXFSZ, SIG_IGN)
        limitFileSize(to: size + (Int(arguments[2]) ?? 0))
        var created = 0
        do {
            while true {
                let person = Person(key: EntityKey("filler\(created)"))
                person.lastName = String(repeating: "x", count: 2000)
                try store.create(person)
                created += 1
            }
        } catch {
            print("created \(created)")
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            exit(3)
        }
    case ("watch", 3):
        let store = try OfflineStore(at: URL(fileURLWithPath: arguments[1]), client: nil, definingQueries: [people])
        let wanted = Int(arguments[2]) ?? 1
        let end = Date().addingTimeInterval(120)
        var reads = 0
        var counts: [Int] = []
        while counts.count < wanted, Date() < end {
            let count = try store.count(Query<Person>())
            reads += 1
            if counts.last != count { counts.append(count) }
            usleep(2000)
        }
        print("reads \(reads) counts \(counts.map(String.init).joined(separator: ","))")
    default:
        let usage =
            "usage: OfflineUploadChild upload|upload-sap|download STORE ROOT [none|oasis] | fill STORE BYTES"
            + " | watch STORE COUNTS\n"
        FileHandle.standardError.write(Data(usage.utf8))
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

/// Lets this process write files up to `bytes` long: a disk that fills up.
func limitFileSize(to bytes: Int) {
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
    let resource = RLIMIT_FSIZE
    #endif
    var limit = rlimit()
    getrlimit(resource, &limit)
    limit.rlim_cur = rlim_t(bytes)
    setrlimit(resource, &limit)
}
