import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an XML document into ``XMLElementNode``s with Foundation's `XMLParser` (in Foundation on Apple platforms,
/// FoundationXML elsewhere), namespaces resolved. A document type declaration is refused, so no entity is ever
/// expanded or fetched; so is nesting deeper than ``maximumDepth``.
enum XMLTreeReader {
    /// Deeper than any organization-service message; a limit, so that hostile input cannot exhaust the stack.
    static let maximumDepth = 256

    /// Why a document could not be read, with the line where the parser stopped.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    /// The document's root element.
    static func read(_ data: Data) throws(Failure) -> XMLElementNode {
        // The service answers in UTF-8; FoundationXML on Linux traps on names that are not UTF-8, so such input never
        // reaches it.
        guard String(data: data, encoding: .utf8) != nil else { throw Failure(line: 1, reason: "not UTF-8 text") }
        if let doctype = data.range(of: Data("<!DOCTYPE".utf8)) {
            let line = data[..<doctype.lowerBound].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw Failure(line: line, reason: "a document type declaration, which is not accepted")
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed, let root = builder.root else {
            throw Failure(
                line: parser.lineNumber,
                reason: parser.parserError.map { "not well-formed XML (\(Self.describe($0)))" } ?? "not well-formed XML"
            )
        }
        return root
    }

    private static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        return "parser error \(code)"
    }

    /// Collects elements as the parser reports them.
    private final class TreeBuilder: NSObject, XMLParserDelegate {
        struct Open {
            var namespace: String
            var name: String
            var attributes: [String: String]
            var children: [XMLElementNode] = []
            var text = ""
            var prefixes: [String: String]
            var line: Int
        }

        var stack: [Open] = []
        var pending: [String: String] = [:]
        var scopes: [[String: String]] = [[:]]
        var root: XMLElementNode?
        var failure: Failure?

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
            pending[prefix] = namespaceURI
        }

        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard stack.count < XMLTreeReader.maximumDepth else {
                failure = Failure(line: parser.lineNumber, reason: "elements nested deeper than \(maximumDepth)")
                parser.abortParsing()
                return
            }
            var scope = scopes.last ?? [:]
            scope.merge(pending) { $1 }
            pending = [:]
            scopes.append(scope)
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            stack.append(
                Open(
                    namespace: namespaceURI ?? "",
                    name: local,
                    attributes: attributes.filter { !$0.key.hasPrefix("xmlns") },
                    prefixes: scope,
                    line: parser.lineNumber
                )
            )
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(
            _ parser: XMLParser,
            didEndElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?
        ) {
            guard let open = stack.popLast() else { return }
            scopes.removeLast()
            let node = XMLElementNode(
                namespace: open.namespace,
                name: open.name,
                attributes: open.attributes,
                children: open.children,
                text: open.text,
                prefixes: open.prefixes,
                line: open.line
            )
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
        }
    }
}
