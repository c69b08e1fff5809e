import Foundation

/// Writes generated files into a directory: each replaced atomically (``AtomicFile``), and only when its bytes
/// change, so that an unchanged file keeps its date and builds stay no-ops.
struct OutputWriter {
    let directory: String

    /// Writes the files; returns how many changed.
    func write(_ files: [(name: String, contents: String)]) throws -> Int {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var changed = 0
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: url.path) == data { continue }
            try AtomicFile.write(data, to: url)
            changed += 1
        }
        return changed
    }
}
