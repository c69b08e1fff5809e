import Foundation
import GeneratorPipeline
import MetadataModel

/// Checks that a `$metadata` response is a whole metadata document before `fetch` stores it: XML (not the HTML of a
/// sign-in page) that the project's reader reads without errors (so not cut off).
enum MetadataBodyCheck {
    static func check(_ body: Data, contentType: String?, from shownURL: String) throws {
        let type = contentType.map { " (\($0))" } ?? ""
        guard startsLikeMetadata(body) else {
            let hint =
                looksLikeHTML(body) || contentType?.lowercased().contains("html") == true
                ? ": an HTML page, probably a sign-in page; check the credentials and the service root" : ""
            throw FetchError("\(shownURL) sent something other than metadata XML\(type)\(hint); nothing was written")
        }
        let result = Pipeline().parse(.document(named: shownURL, bytes: Array(body)))
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw FetchError(
                """
                \(shownURL) sent an incomplete or malformed metadata document\(type) of \(body.count) bytes: \
                \(error.message) (line \(error.location.line)); nothing was written
                """
            )
        }
    }

    /// An XML declaration or an `Edmx` root first, after a byte-order mark and white space; UTF-16 is left to the
    /// reader.
    private static func startsLikeMetadata(_ body: Data) -> Bool {
        var bytes = body.prefix(4096)[...]
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return true }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let text = String(decoding: bytes, as: UTF8.self).drop { $0.isWhitespace }
        return text.hasPrefix("<?xml") || text.hasPrefix("<edmx:Edmx") || text.hasPrefix("<Edmx")
    }

    private static func looksLikeHTML(_ body: Data) -> Bool {
        let start = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
        return start.contains("<!doctype html") || start.contains("<html")
    }
}
