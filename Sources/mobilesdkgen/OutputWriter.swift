import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes generated files into a directory: each through a temporary file and a rename, and
/// only when its bytes change, so that an unchanged file keeps its date and builds stay no-ops.
struct OutputWriter {
    let directory: String

    /// Writes the files; returns how many changed.
    func write(_ files: [(name: String, contents: String)]) throws -> Int {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed = 0
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if manager.contents(atPath: url.path) == data { continue }
            let temporary = folder.appendingPathComponent(".\(file.name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try data.write(to: temporary)
            // rename(2) replaces the file atomically: a reader (or a second generator run on the same
            // folder, as a build system may start) sees the old bytes or the new, never no file.
            guard rename(temporary.path, url.path) == 0 else {
                let code = errno
                try? manager.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
            }
            changed += 1
        }
        return changed
    }
}
