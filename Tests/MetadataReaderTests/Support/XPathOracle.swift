#if canImport(libxml2)
import libxml2
#else
import CLibXML2
#endif

/// Independent expectations for the reader's tests: loads a document as a DOM with libxml2 and
/// answers XPath queries, sharing no code with the streaming reader under test.
final class XPathOracle {
    private let document: xmlDocPtr
    private let context: xmlXPathContextPtr

    /// Nil if the document is not namespace-well-formed.
    init?(path: String) {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard let parser = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(parser) }
        guard let document = xmlCtxtReadFile(parser, path, nil, options) else { return nil }
        guard parser.pointee.wellFormed != 0, parser.pointee.nsWellFormed != 0 else {
            xmlFreeDoc(document)
            return nil
        }
        guard let context = xmlXPathNewContext(document) else {
            xmlFreeDoc(document)
            return nil
        }
        self.document = document
        self.context = context
    }

    deinit {
        xmlXPathFreeContext(context)
        xmlFreeDoc(document)
    }

    /// The value of a numeric XPath expression such as `count(//…)`.
    func number(_ expression: String) -> Int {
        guard let result = xmlXPathEvalExpression(expression, context) else { return -1 }
        defer { xmlXPathFreeObject(result) }
        return Int(result.pointee.floatval)
    }

    /// The string values of the nodes an expression selects.
    func strings(_ expression: String) -> [String] {
        guard let result = xmlXPathEvalExpression(expression, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(set.pointee.nodeNr))
            .compactMap { index in
                guard let node = set.pointee.nodeTab[index], let content = xmlNodeGetContent(node) else { return nil }
                defer { Self.free(content) }
                return String(cString: content)
            }
    }

    /// `Namespace.Name` for each selected element: its parent's `Namespace` and its own `Name`.
    func qualifiedNames(_ expression: String) -> [String] {
        guard let result = xmlXPathEvalExpression(expression, context) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(set.pointee.nodeNr))
            .compactMap { index in
                guard let node = set.pointee.nodeTab[index] else { return nil }
                return Self.property(node.pointee.parent, "Namespace") + "." + Self.property(node, "Name")
            }
    }

    private static func property(_ node: xmlNodePtr?, _ name: String) -> String {
        guard let node, let value = xmlGetProp(node, name) else { return "" }
        defer { Self.free(value) }
        return String(cString: value)
    }

    /// An XPath predicate: the element is in a CSDL namespace of any version.
    static let isCSDL = "substring(namespace-uri(), string-length(namespace-uri()) - 3) = '/edm'"

    /// Elements named `name` directly inside a CSDL `Schema`.
    static func schemaMembers(_ name: String) -> String {
        "//*[local-name()='Schema' and \(isCSDL)]/*[local-name()='\(name)' and \(isCSDL)]"
    }

    /// libxml2's `xmlFree`, which headers declare as a global function pointer (shared mutable state to Swift 6),
    /// read through `xmlMemGet` so that no global is touched, with the SDK's module and with `CLibXML2` alike.
    private static func free(_ pointer: UnsafeMutableRawPointer?) {
        var free: xmlFreeFunc?
        guard xmlMemGet(&free, nil, nil, nil) == 0 else { return }
        free?(pointer)
    }
}
