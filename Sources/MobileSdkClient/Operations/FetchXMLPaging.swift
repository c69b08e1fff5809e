import Foundation

/// Paging of Dataverse FetchXML queries: the `page` and `paging-cookie` attributes of the `<fetch>` element, and the
/// cookie the service returns in `@Microsoft.Dynamics.CRM.fetchxmlpagingcookie`.
enum FetchXMLPaging {
    /// The query with its `<fetch>` element's `page` and `paging-cookie` attributes set (other attributes kept).
    static func query(_ fetchXml: String, page: Int, cookie: String?) throws -> String {
        guard let open = fetchXml.range(of: "<fetch"), let tagEnd = startTagEnd(fetchXml, from: open.upperBound) else {
            throw ODataClientError.invalidRequest("the FetchXML query has no <fetch> element")
        }
        var attributes = self.attributes(String(fetchXml[open.upperBound..<tagEnd]))
        attributes.removeAll { $0.name == "page" || $0.name == "paging-cookie" }
        attributes.append(("page", String(page)))
        if let cookie { attributes.append(("paging-cookie", cookie)) }
        let selfClosing = fetchXml[..<tagEnd].hasSuffix("/")
        let rebuilt =
            "<fetch" + attributes.map { " \($0.name)=\"\(escaped($0.value))\"" }.joined() + (selfClosing ? "/" : "")
        return String(fetchXml[..<open.lowerBound]) + rebuilt + String(fetchXml[tagEnd...])
    }

    /// The page number and cookie from `<cookie pagenumber="2" pagingcookie="%253ccookie…" />`: the cookie is
    /// percent-encoded twice.
    static func nextPage(_ annotation: String) -> (page: Int?, cookie: String?) {
        guard let open = annotation.range(of: "<cookie"), let end = startTagEnd(annotation, from: open.upperBound)
        else { return (nil, nil) }
        let attributes = attributes(String(annotation[open.upperBound..<end]))
        let page = attributes.first { $0.name == "pagenumber" }.flatMap { Int($0.value) }
        let cookie = attributes.first { $0.name == "pagingcookie" }?.value.removingPercentEncoding?
            .removingPercentEncoding
        return (page, cookie)
    }

    /// The index of the `>` closing a start tag, skipping quoted attribute values.
    private static func startTagEnd(_ text: String, from start: String.Index) -> String.Index? {
        var quote: Character?
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return index
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// `name="value"` pairs of a start tag's text, values unescaped.
    private static func attributes(_ text: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals]
                .trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "/")))
            var valueStart = rest.index(after: equals)
            while valueStart < rest.endIndex, rest[valueStart].isWhitespace {
                valueStart = rest.index(after: valueStart)
            }
            guard valueStart < rest.endIndex, rest[valueStart] == "\"" || rest[valueStart] == "'" else { break }
            let quote = rest[valueStart]
            let contentStart = rest.index(after: valueStart)
            guard let close = rest[contentStart...].firstIndex(of: quote) else { break }
            result.append((name, unescaped(String(rest[contentStart..<close]))))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
