import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file only its owner may read or write, for secrets such as tokens: read only when it is a regular file (not
/// through a symbolic link) of this user that nobody else can read; written to a new owner-only file, synced and
/// renamed into place inside a folder of mode 0700, so that it is never readable by others nor half-written.
package struct OwnerOnlyFile: Sendable {
    /// The file's location; its folder is made private (mode 0700) when the file is written.
    package let url: URL

    /// Creates a handle for the file at `url`; nothing is touched until it is read, written or removed.
    package init(_ url: URL) { self.url = url }

    /// Why a file was not read or written; its text names the file and never its contents.
    package struct Failure: Error, Sendable, CustomStringConvertible, LocalizedError {
        /// The kind of failure: a file not to be trusted, or an error the system reported.
        package enum Reason: Sendable, Equatable {
            /// Others may read it, it is not this user's, or it is not a regular file (a link, a folder).
            case untrusted
            /// The system refused: its `errno` text.
            case system(String)
        }

        /// Whether the file was not trusted or the system refused.
        package let reason: Reason
        /// A message naming the file's path and what failed; never its contents.
        package let description: String

        /// The same, as a sentence for an alert.
        package var errorDescription: String? {
            guard let first = description.first else { return "A private file could not be used." }
            let sentence = first.uppercased() + description.dropFirst()
            return sentence.hasSuffix(".") ? sentence : sentence + "."
        }
    }

    /// The file's bytes; nil when there is no file. Throws ``Failure`` for a file that others may read, that is not
    /// this user's, that is a symbolic link, or that cannot be read.
    package func read() throws -> Data? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw untrusted() }
            throw failure("cannot read")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read") }
        guard status.st_mode & Self.fileType == Self.regularFile, status.st_uid == geteuid(),
            status.st_mode & 0o077 == 0
        else { throw untrusted() }
        do { return try handle.readToEnd() ?? Data() } catch {
            throw Failure(reason: .system("\(error)"), description: "cannot read \(url.path)")
        }
    }

    /// Replaces the file with `data`: a new 0600 file beside it, synced, then renamed over it; the folder is created
    /// with mode 0700, or must already be a folder of this user, which is then made 0700.
    package func write(_ data: Data) throws {
        let folder = url.deletingLastPathComponent()
        try makePrivateFolder(folder)
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        )
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create a file beside") }
        let written =
            fchmod(descriptor, 0o600) == 0 && data.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
            && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary.path, url.path) == 0 else {
            let error = failure("cannot write")
            unlink(temporary.path)
            throw error
        }
    }

    /// Removes the file; nothing when there is none.
    package func remove() throws {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw failure("cannot remove") }
    }

    private func makePrivateFolder(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(
                at: folder.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
        } catch { throw Failure(reason: .system("\(error)"), description: "cannot create the folder of \(url.path)") }
        if mkdir(folder.path, 0o700) != 0, errno != EEXIST { throw failure("cannot create the folder of") }
        var status = stat()
        guard lstat(folder.path, &status) == 0, status.st_mode & Self.fileType == Self.directory,
            status.st_uid == geteuid()
        else { throw Failure(reason: .untrusted, description: "the folder of \(url.path) is not a folder of your own") }
        if status.st_mode & 0o777 != 0o700, chmod(folder.path, 0o700) != 0 {
            throw failure("cannot make private the folder of")
        }
    }

    private func untrusted() -> Failure {
        Failure(
            reason: .untrusted,
            description: """
                not reading \(url.path): others can read it, it is not your own file, or it is a link \
                (make it a file of your own with mode 600, or delete it)
                """
        )
    }

    private func failure(_ what: String) -> Failure {
        let text = String(cString: strerror(errno))
        return Failure(reason: .system(text), description: "\(what) \(url.path) (\(text))")
    }

    /// `stat`'s file-type bits (`S_IFMT`, `S_IFREG`, `S_IFDIR`: the same on Linux and Apple platforms).
    private static let fileType: mode_t = 0o170000, regularFile: mode_t = 0o100000, directory: mode_t = 0o040000

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return bytes.isEmpty }
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, base + offset, bytes.count - offset)
            #else
            let count = Darwin.write(descriptor, base + offset, bytes.count - offset)
            #endif
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}
