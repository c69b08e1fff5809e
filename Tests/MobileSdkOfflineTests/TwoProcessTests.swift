import Foundation
import MobileSdk
import MobileSdkOffline
import TestSupport
import Testing
import TripPinModel

/// An app and its extension on one store: the extension (a child process, as a widget is) opens the store the app
/// writes and reads it while the app writes, and sees whole transactions only, in order.
@Suite struct TwoProcessTests {
    init() { GeneratedEntities.register() }

    /// Synchronous, so that the app's writes go on while the extension reads even when a full test run starves the
    /// cooperative pool (an awaited sleep there once resumed only after the extension had stopped).
    @Test func anExtensionReadsWholeTransactionsWhileTheAppWrites() throws {
        let child = try #require(BuiltProducts.executable("OfflineUploadChild"), "build the package first")
        let file = try Paths.temporaryDirectory().appendingPathComponent("shared.sqlite")
        let app = try OfflineStore(at: file, client: nil, definingQueries: [DefiningQuery("people", Query<Person>())])
        let batch = 10
        func write(_ index: Int) throws {
            try app.insertDownloaded(
                (0..<batch)
                    .map { item in
                        let person = Person(key: EntityKey("p\(index)x\(item)"))
                        person.lastName = String(repeating: "x", count: 500)
                        return person
                    }
            )
        }
        try write(0)

        let process = Process()
        process.executableURL = child
        process.arguments = ["watch", file.path, "6"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The app writes a batch of people in one transaction every 20 ms for as long as the extension reads.
        var written = 1
        let end = Date().addingTimeInterval(150)
        while process.isRunning, Date() < end {
            try write(written)
            written += 1
            usleep(20_000)
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")

        let last = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").last ?? ""
        let counts = last.split(separator: ",").compactMap { Int($0) }
        // Whole transactions: every count a number of whole batches; in order: never fewer than before.
        #expect(counts.count == 6, "the extension saw the app's writes: \(text)")
        #expect(counts.allSatisfy { $0 % batch == 0 }, "\(counts)")
        #expect(counts == counts.sorted(), "\(counts)")
        #expect(counts.last ?? 0 <= written * batch)
        #expect(try app.count(Query<Person>()) == written * batch)
    }
}
