import Foundation

/// The `error` and `error_description` of a refused OAuth request (RFC 6749 §5.2), cleaned for a terminal or an alert:
/// printable characters only, bounded in length.
package struct OAuthRefusal: Error, Sendable, Equatable, LocalizedError {
    /// `invalid_grant`, `authorization_pending`, …
    package let code: String
    /// The `error_description`, cleaned; nil when the server sent none or an empty one.
    package let description: String?

    /// From a JSON error body.
    package init?(body: Data) {
        struct Body: Decodable {
            var error: String
            var error_description: String?
        }
        guard let body = try? JSONDecoder().decode(Body.self, from: body) else { return nil }
        self.init(code: body.error, description: body.error_description)
    }

    /// From a `WWW-Authenticate` challenge's `error` and `error_description` parameters (when the body was lost).
    package init?(challenge: String?) {
        guard let challenge else { return nil }
        func parameter(_ name: String) -> String? {
            guard let start = challenge.range(of: name + "=\"") else { return nil }
            let rest = challenge[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
        guard let code = parameter("error") else { return nil }
        self.init(code: code, description: parameter("error_description"))
    }

    /// Creates a refusal, removing control characters and cutting `code` after 60 characters and `description`
    /// after 400.
    package init(code: String, description: String?) {
        self.code = Self.clean(code, limit: 60)
        self.description = description.map { Self.clean($0, limit: 400) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `code` or `code: description`.
    package var shown: String { description.map { "\(code): \($0)" } ?? code }

    /// For an alert: the server's description, else its code, after `Sign-in was refused: `.
    package var errorDescription: String? {
        let reason = description ?? code
        guard let last = reason.last else { return "Sign-in was refused." }
        return "Sign-in was refused: \(reason)" + (".?!…".contains(last) ? "" : ".")
    }

    /// Printable characters only, at most `limit` of them.
    private static func clean(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars.filter { !isControl($0.properties.generalCategory) }
        let printable = String(String.UnicodeScalarView(scalars))
        let trimmed = printable.trimmingCharacters(in: .whitespaces)
        return trimmed.count > limit ? trimmed.prefix(limit) + "…" : trimmed
    }

    private static func isControl(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
