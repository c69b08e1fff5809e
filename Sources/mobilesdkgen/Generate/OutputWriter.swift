import Foundation
import Generator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a generation's files into a directory as one set: the new files go into a hidden sibling folder beside
/// hard links to the files that stay, which then takes the directory's place in one exchange (`DirectorySwap`), so a
/// failure or a kill at any point leaves the previous generation whole. Files whose bytes did not change are not
/// touched (a link keeps their date), so builds stay no-ops. Files an earlier generation wrote (they begin with the
/// generator's header) that this one does not are removed; other files are kept. Two generations into one place run
/// one after the other. Where the system cannot exchange directories, or the directory holds folders of its own, the
/// new files are still all written before any is moved into place.
struct OutputWriter {
    let directory: String

    /// What a generation changed in the folder.
    struct Changes {
        /// Files written because they are new or their bytes changed.
        var written = 0
        /// Files an earlier generation wrote that this one does not.
        var removed = 0
    }

    /// Writes the files.
    func write(_ files: [(name: String, contents: String)]) throws(DiagnosticsError) -> Changes {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        let parent = folder.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: folder.path, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw failure("the output path is a file, not a folder: give a folder to -o")
        }
        do { try manager.createDirectory(at: parent, withIntermediateDirectories: true) } catch {
            throw failure("cannot create the output folder: \(Self.reason(error))")
        }
        let lock = DirectoryLock(parent.path)
        defer { withExtendedLifetime(lock) {} }
        let staging = parent.appendingPathComponent(".\(folder.lastPathComponent).mobilesdkgen-\(getpid())")
        removeStaleStaging(in: parent, of: folder)

        let differs = Self.onEveryCore(files) { file in
            manager.contents(atPath: folder.appendingPathComponent(file.name).path) != Data(file.contents.utf8)
        }
        let changed = zip(files, differs).filter(\.1).map(\.0)
        let stale = exists ? staleFiles(in: folder, keeping: Set(files.map(\.name))) : []
        let changes = Changes(written: changed.count, removed: stale.count)
        guard !changed.isEmpty || !stale.isEmpty else { return changes }
        defer { try? manager.removeItem(at: staging) }
        do {
            try manager.createDirectory(at: staging, withIntermediateDirectories: false)
            // On every core: copying the bytes into the system's cache is most of the time.
            let writes = Self.onEveryCore(changed) { file in
                Result { try Data(file.contents.utf8).write(to: staging.appendingPathComponent(file.name)) }
            }
            for write in writes { try write.get() }
            guard exists else {
                try Self.check(rename(staging.path, folder.path))
                return changes
            }
            let replaced = Set(changed.map(\.name)).union(stale)
            if linkRemaining(of: folder, into: staging, except: replaced),
                DirectorySwap.exchange(staging.path, folder.path)
            {
                return changes
            }
            for file in changed {
                try Self.check(
                    rename(
                        staging.appendingPathComponent(file.name).path,
                        folder.appendingPathComponent(file.name).path
                    )
                )
            }
            for name in stale.sorted() { try Self.check(unlink(folder.appendingPathComponent(name).path)) }
            return changes
        } catch {
            throw failure("cannot write the generated files: \(Self.reason(error)); the previous files are unchanged")
        }
    }

    /// Hard links to every file of `folder` not in `replaced` inside `staging`; false when one cannot be made or
    /// `folder` holds anything but files.
    private func linkRemaining(of folder: URL, into staging: URL, except replaced: Set<String>) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        for name in names where !replaced.contains(name) {
            let source = folder.appendingPathComponent(name).path
            var status = stat()
            guard lstat(source, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                link(source, staging.appendingPathComponent(name).path) == 0
            else { return false }
        }
        return true
    }

    /// The Swift files of `folder` outside `keeping` that begin with the generator's header.
    private func staleFiles(in folder: URL, keeping: Set<String>) -> Set<String> {
        let header = Data(("// " + ModelTranslator.header).utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Set(
            names.filter { name in
                guard name.hasSuffix(".swift"), !keeping.contains(name),
                    let handle = FileHandle(forReadingAtPath: folder.appendingPathComponent(name).path)
                else { return false }
                defer { try? handle.close() }
                return (try? handle.read(upToCount: header.count)) == header
            }
        )
    }

    /// Staging folders that a killed generation left beside `folder`.
    private func removeStaleStaging(in parent: URL, of folder: URL) {
        let prefix = ".\(folder.lastPathComponent).mobilesdkgen-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        where name.hasPrefix(prefix) { try? FileManager.default.removeItem(at: parent.appendingPathComponent(name)) }
    }

    /// `transform` of each file, run on every core at once, in the files' order.
    private static func onEveryCore<T: Sendable>(
        _ files: [(name: String, contents: String)],
        _ transform: @Sendable ((name: String, contents: String)) -> T
    ) -> [T] {
        let results = ConcurrentResults<T>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            results.store(transform(files[index]), at: index)
        }
        return results.all
    }

    private func failure(_ message: String) -> DiagnosticsError {
        DiagnosticsError([.error(message, at: .file(directory))])
    }

    private static func check(_ result: Int32) throws {
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// The system's reason, without Foundation's error-domain dump.
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileWriteNoPermission, .fileReadNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        default: return error.localizedDescription
        }
    }
}

/// Results stored from several threads, each at its own index. Unchecked: a lock guards them.
private final class ConcurrentResults<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [T?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func store(_ result: T, at index: Int) { lock.withLock { results[index] = result } }

    /// Every result: read once all are stored.
    var all: [T] { lock.withLock { results.compactMap { $0 } } }
}
