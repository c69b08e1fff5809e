import Foundation
import ServiceAccess
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The token files of the client (`FileTokenStore`) and the tool (its token cache) are written and read through
/// `OwnerOnlyFile`: these are its rules.
struct OwnerOnlyFileTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "owner-only-\(UUID().uuidString)"
    )

    private func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber).intValue
    }

    @Test func writesOwnerOnlyInAPrivateFolderAndReadsBack() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = OwnerOnlyFile(folder.appendingPathComponent("tokens/tokens.json"))
        #expect(try file.read() == nil)
        try file.write(Data("secret".utf8))
        #expect(try file.read() == Data("secret".utf8))
        #expect(try mode(file.url) == 0o600)
        #expect(try mode(file.url.deletingLastPathComponent()) == 0o700)
        try file.write(Data("newer".utf8))
        #expect(try file.read() == Data("newer".utf8))
        // Nothing but the file is left in its folder: the temporary file was renamed into place.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path) == [
                "tokens.json"
            ]
        )
        try file.remove()
        #expect(try file.read() == nil)
        try file.remove()
    }

    @Test func refusesAFileOthersCanRead() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = OwnerOnlyFile(folder.appendingPathComponent("tokens.json"))
        try file.write(Data("secret".utf8))
        #expect(chmod(file.url.path, 0o644) == 0)
        #expect { try file.read() } throws: { ($0 as? OwnerOnlyFile.Failure)?.reason == .untrusted }
    }

    @Test func refusesASymbolicLinkAndDoesNotFollowIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = OwnerOnlyFile(folder.appendingPathComponent("elsewhere.json"))
        try target.write(Data("not yours".utf8))
        let link = folder.appendingPathComponent("tokens.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.url)
        #expect { try OwnerOnlyFile(link).read() } throws: {
            let failure = $0 as? OwnerOnlyFile.Failure
            return failure?.reason == .untrusted && failure?.description.contains("secret") == false
        }
        // Writing replaces the link itself; the file it pointed to is unchanged.
        try OwnerOnlyFile(link).write(Data("mine".utf8))
        #expect(try target.read() == Data("not yours".utf8))
        #expect(try OwnerOnlyFile(link).read() == Data("mine".utf8))
    }

    @Test func aFolderOthersCanEnterIsMadePrivate() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755]
        )
        try OwnerOnlyFile(folder.appendingPathComponent("tokens.json")).write(Data("secret".utf8))
        #expect(try mode(folder) == 0o700)
    }
}
