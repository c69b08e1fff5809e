import Foundation
import Generator

/// What `fetch` asks for: the `$metadata` URL of a service root, the URL as it may be shown, and the file names.
struct FetchRequest {
    /// The URL requested, query parameters included.
    let url: URL
    /// The `$metadata` URL without user, password or query: what messages and the cache file show.
    let shownURL: String
    /// The service root, ending in `/`, without query.
    let shownRoot: String
    /// The query parameters added to every request.
    let queryItems: [URLQueryItem]
    /// `NAME.metadata.xml`, the name the build plugin looks for.
    let fileName: String
    /// `NAME.entitydefinitions.json`, for a Dataverse organization's entity definitions.
    let entityDefinitionsFileName: String

    init(serviceRoot: String, name: String?, queryParameters: [String]) throws {
        guard var components = URLComponents(string: serviceRoot), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
        else { throw FetchError("the service root must be an absolute http or https URL") }
        guard components.user == nil, components.password == nil else {
            throw FetchError("the service root must not hold a user or password: use --user and --password-env")
        }
        components.fragment = nil
        var path = components.path
        if !path.hasSuffix("/$metadata") {
            if !path.hasSuffix("/") { path += "/" }
            path += "$metadata"
        }
        components.path = path
        let added = queryParameters.compactMap(Self.queryItem)
        queryItems = (components.queryItems ?? []) + added
        if !added.isEmpty { components.queryItems = queryItems }
        guard let url = components.url else { throw FetchError("the service root is not a valid URL") }
        self.url = url
        var shown = components
        shown.query = nil
        shownURL = shown.string ?? "\(scheme)://\(host)"
        shownRoot = String(shownURL.dropLast("$metadata".count))

        let segments = path.split(separator: "/").dropLast().map(String.init)  // without $metadata
        let fileStem = name ?? Self.defaultName(segments: segments, host: host)
        guard let fileStem, Self.isValidName(fileStem) else {
            throw FetchError(
                name == nil
                    ? "cannot name the file after the service root: give --name"
                    : "--name must be a file name without slashes that does not start with a dot"
            )
        }
        fileName = fileStem + MetadataDocumentNames.metadataSuffix
        entityDefinitionsFileName = fileStem + MetadataDocumentNames.entityDefinitionsSuffix
    }

    /// `shownRoot + relative` with the query parameters: a request under the service root.
    func url(relative: String) -> URL? {
        guard var components = URLComponents(string: shownRoot + relative) else { return nil }
        if !queryItems.isEmpty { components.queryItems = (components.queryItems ?? []) + queryItems }
        return components.url
    }

    /// The service root's last path segment that is not a version (`v9.2`, `V4`), without `.svc`; for a Dataverse Web
    /// API root (`/api/data/v9.2/`), the host's first label (the organization).
    private static func defaultName(segments: [String], host: String) -> String? {
        let meaningful = segments.filter { $0.wholeMatch(of: /[vV]\d+(\.\d+)*/) == nil }
        if meaningful.suffix(2) == ["api", "data"], let organization = host.split(separator: ".").first {
            return String(organization)
        }
        return meaningful.last.map { $0.hasSuffix(".svc") ? String($0.dropLast(4)) : $0 }
    }

    private static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }

    /// `"Name: value"` split, or nil when the name is not an HTTP token.
    static func header(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_!#$%&'*+.^`|~"))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }),
            !value.contains("\n"), !value.contains("\r")
        else { return nil }
        return (name, value)
    }

    /// `name=value` as a query item, or nil without a name.
    static func queryItem(_ text: String) -> URLQueryItem? {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty else { return nil }
        return URLQueryItem(name: String(name), value: parts.count > 1 ? String(parts[1]) : nil)
    }
}
