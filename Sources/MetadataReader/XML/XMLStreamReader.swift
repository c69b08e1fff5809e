// Apple's SDKs define a `libxml2` module (Xcode 12 and later): the reader builds there with nothing installed.
// Elsewhere the system-library target `CLibXML2` finds the headers through pkg-config.
#if canImport(libxml2)
import libxml2
#else
import CLibXML2
#endif
import MetadataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Streams an XML file through libxml2's SAX2 parser, calling a handler per element, without
/// building a tree of the document.
///
/// Safe by construction: no network access, no external entities or DTDs loaded, and any
/// document type declaration rejected, so neither entity expansion nor local-file disclosure
/// can happen.
///
/// Two defects of real documents are repaired with a warning: white space before the XML
/// declaration (`LeadingWhiteSpace`) and a well-known prefix used undeclared (`WellKnownPrefix`).
final class XMLStreamReader {
    /// The document's name in diagnostics: its path, or the name given to bytes read from memory.
    private let path: String
    /// The document's bytes when it is read from memory rather than from the file at `path`.
    private let bytes: [UInt8]?
    private unowned let handler: any XMLStreamHandler
    private var context: xmlParserCtxtPtr?
    private(set) var diagnostics: [Diagnostic] = []
    private var stopped = false

    /// Open elements: the descended-into ones and, while capturing, the subtree being built.
    private var openElements: [XMLNode] = []
    private var captureDepth = 0  // > 0 while building a captured subtree
    private var skipDepth = 0  // > 0 while inside a skipped element
    /// Namespace URIs by address: libxml2 interns them in its dictionary, so one lookup each.
    private var namespaces: [UnsafeRawPointer: (String, XMLNamespace)] = [:]
    /// Well-known prefixes used without a declaration, read as if declared (`WellKnownPrefix`).
    private var assumedPrefixes: Set<String> = []

    init(path: String, bytes: [UInt8]? = nil, handler: any XMLStreamHandler) {
        self.path = path
        self.bytes = bytes
        self.handler = handler
    }

    /// libxml2's global state, set up once before any parser: documents are read two at a time, and libxml2 2.9 does
    /// not guard its own first set-up.
    private static let libraryInitialized: Void = xmlInitParser()

    /// Reads the whole document; problems are in `diagnostics`. Returns false if it was not well-formed.
    func read() -> Bool {
        Self.libraryInitialized
        let file: UnsafeMutablePointer<FILE>?
        if bytes == nil {
            file = fopen(path, "rb")
            guard file != nil else {
                diagnostics.append(.error("cannot open file: \(String(cString: strerror(errno)))", at: .file(path)))
                return false
            }
        } else {
            file = nil
        }
        defer { if let file { fclose(file) } }
        var offset = 0
        /// The next chunk into `buffer`: from the file, or from `bytes`.
        func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            if let file { return fread(buffer.baseAddress, 1, buffer.count, file) }
            guard let bytes, offset < bytes.count else { return 0 }
            let count = min(buffer.count, bytes.count - offset)
            bytes.withUnsafeBytes {
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]))
            }
            offset += count
            return count
        }

        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { userData, localName, prefix, uri, _, _, attributeCount, _, attributes in
            guard let userData, let localName else { return }
            let reader = Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue()
            reader.startElement(localName, prefix, uri, Int(attributeCount), attributes)
        }
        sax.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue().endElement()
        }
        sax.characters = { userData, characters, length in
            guard let userData, let characters else { return }
            Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue().characters(characters, Int(length))
        }
        sax.cdataBlock = sax.characters
        sax.internalSubset = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue().rejectDocumentType()
        }
        sax.serror = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<XMLStreamReader>.fromOpaque(userData).takeUnretainedValue().report(error.pointee)
        }

        let selfPointer = Unmanaged.passUnretained(self).toOpaque()
        guard let context = xmlCreatePushParserCtxt(&sax, selfPointer, nil, 0, path) else {
            diagnostics.append(.error("cannot create an XML parser", at: .file(path)))
            return false
        }
        self.context = context
        defer {
            xmlFreeParserCtxt(context)
            self.context = nil
        }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))

        var buffer = [CChar](repeating: 0, count: 1 << 16)
        var sawData = false
        var end = EndOfInput()
        var isFirstChunk = true
        while !stopped {
            let count = buffer.withUnsafeMutableBytes(fill)
            if count > 0 { sawData = true }
            buffer.withUnsafeBytes { end.advance(over: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            let last = count < buffer.count
            if !sawData && last {
                diagnostics.append(.error("the file is empty", at: SourceLocation(file: path, line: 1, column: 1)))
                return false
            }
            /// Hands `bytes` to libxml2.
            func parse(_ bytes: UnsafeRawBufferPointer) {
                xmlParseChunk(
                    context,
                    bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                    Int32(bytes.count),
                    last ? 1 : 0
                )
            }
            let repaired =
                isFirstChunk
                ? buffer.withUnsafeBytes { LeadingWhiteSpace.repaired(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                : nil
            isFirstChunk = false
            if let repaired {
                diagnostics.append(
                    .warning(LeadingWhiteSpace.warning, at: SourceLocation(file: path, line: 1, column: 1))
                )
                repaired.withUnsafeBytes(parse)
            } else {
                buffer.withUnsafeBytes { parse(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
            if last { break }
        }
        let wellFormed = context.pointee.wellFormed != 0
        if !wellFormed { explainTruncation(at: end) }
        return wellFormed && !diagnostics.hasErrors
    }

    /// libxml2's push parser reports a file that ends inside an element as "Extra content at
    /// the end of the document"; say what happened instead, at the end of the file.
    private func explainTruncation(at end: EndOfInput) {
        guard skipDepth > 0 || !openElements.isEmpty,
            let index = diagnostics.firstIndex(where: { $0.severity == .error }),
            diagnostics[index].message.hasPrefix("Extra content at the end of the document")
        else { return }
        let open =
            openElements.last.map { "<\($0.name)> (opened at \($0.location.line):\($0.location.column))" }
            ?? "an element"
        diagnostics[index] = .error(
            "the file ends before \(open) is closed; it may be truncated",
            at: SourceLocation(file: path, line: end.line, column: end.column)
        )
    }

    // MARK: - SAX callbacks

    private func startElement(
        _ localName: UnsafePointer<xmlChar>,
        _ prefix: UnsafePointer<xmlChar>?,
        _ uri: UnsafePointer<xmlChar>?,
        _ attributeCount: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let (uriString, namespace) = lookUpNamespace(uri, prefix: prefix)
        var attributeList: [XMLAttribute] = []
        if let attributes, attributeCount > 0 {
            attributeList.reserveCapacity(attributeCount)
            for index in 0..<attributeCount {
                let base = attributes + index * 5
                guard let name = base[0], let start = base[3], let end = base[4] else { continue }
                let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                let attributeNamespace = lookUpNamespace(base[2], prefix: base[1]).1
                attributeList.append(
                    XMLAttribute(namespace: attributeNamespace, name: String(cString: name), value: value)
                )
            }
        }
        let node = XMLNode(
            namespace: namespace,
            namespaceURI: uriString,
            name: String(cString: localName),
            attributes: attributeList,
            location: currentElementLocation()
        )
        if captureDepth > 0 {
            captureDepth += 1
            openElements.append(node)
            return
        }
        switch handler.start(node, depth: openElements.count) {
        case .descend: openElements.append(node)
        case .capture:
            captureDepth = 1
            openElements.append(node)
        case .skip: skipDepth = 1
        }
    }

    private func endElement() {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        guard let node = openElements.popLast() else { return }
        if captureDepth > 1 {
            captureDepth -= 1
            openElements[openElements.count - 1].children.append(node)
        } else if captureDepth == 1 {
            captureDepth = 0
            handler.captured(node, depth: openElements.count)
        } else {
            handler.end(node, depth: openElements.count)
        }
    }

    private func characters(_ characters: UnsafePointer<xmlChar>, _ length: Int) {
        guard captureDepth > 0, skipDepth == 0, !openElements.isEmpty else { return }
        openElements[openElements.count - 1].text += String(
            decoding: UnsafeBufferPointer(start: characters, count: length),
            as: UTF8.self
        )
    }

    private func rejectDocumentType() {
        guard !stopped else { return }
        diagnostics.append(
            .error(
                """
                document type declarations (<!DOCTYPE …>) are not allowed in metadata documents; \
                entities are never expanded
                """,
                at: currentLocation()
            )
        )
        stop()
    }

    private func report(_ error: xmlError) {
        if error.domain == XML_FROM_NAMESPACE.rawValue, error.code == XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue,
            let prefix = error.str1.map({ String(cString: $0) }), let uri = WellKnownPrefix.namespaceURI(for: prefix)
        {
            if assumedPrefixes.insert(prefix).inserted {
                let message = "namespace prefix '\(prefix)' is not declared; read as \(uri)"
                diagnostics.append(.warning(message, at: firstUseLocation(of: prefix)))
            }
            return
        }
        guard !stopped || error.level == XML_ERR_FATAL, error.code != XML_ERR_USER_STOP.rawValue else { return }
        let message = error.message.map { String(cString: $0).trimmingXMLSpace } ?? "XML error \(error.code)"
        let location = SourceLocation(file: path, line: max(Int(error.line), 1), column: max(Int(error.int2), 1))
        switch error.level {
        case XML_ERR_WARNING: diagnostics.append(.warning(message, at: location))
        default: diagnostics.append(.error(message, at: location))
        }
    }

    private func stop() {
        stopped = true
        if let context { xmlStopParser(context) }
    }

    // MARK: - Locations

    /// The line and column just past the last byte read.
    private struct EndOfInput {
        var line = 1
        var column = 1

        mutating func advance(over bytes: UnsafeRawBufferPointer) {
            guard var cursor = bytes.baseAddress, !bytes.isEmpty else { return }
            let limit = cursor + bytes.count
            while let newline = memchr(cursor, Int32(UInt8(ascii: "\n")), limit - cursor) {
                line += 1
                column = 1
                cursor = UnsafeRawPointer(newline) + 1
            }
            column += limit - cursor
        }
    }

    /// The namespace of a name: by its URI, or for a well-known prefix without a declaration
    /// (libxml2 reports it, then hands over the name with no URI), by the prefix.
    private func lookUpNamespace(_ uri: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>? = nil) -> (
        String, XMLNamespace
    ) {
        guard let uri else {
            guard let prefix, let known = WellKnownPrefix.namespaceURI(for: String(cString: prefix)) else {
                return ("", .none)
            }
            return (known, XMLNamespace(uri: known))
        }
        let key = UnsafeRawPointer(uri)
        if let known = namespaces[key] { return known }
        let text = String(cString: uri)
        let entry = (text, XMLNamespace(uri: text))
        namespaces[key] = entry
        return entry
    }

    /// The parser's current position.
    private func currentLocation() -> SourceLocation {
        guard let input = context?.pointee.input else { return .file(path) }
        return SourceLocation(file: path, line: Int(input.pointee.line), column: Int(input.pointee.col))
    }

    /// The position of the `<` that starts the element just parsed. The parser stands just
    /// after its start tag; since `<` cannot occur inside a tag, the nearest `<` before is it.
    /// Columns count bytes, as compilers' do.
    private func currentElementLocation() -> SourceLocation {
        guard let (start, cursor) = currentTag() else { return currentLocation() }
        return location(of: start, before: cursor)
    }

    /// Where `prefix:` is first written in the start tag being parsed (or the tag's `<`).
    private func firstUseLocation(of prefix: String) -> SourceLocation {
        guard let (start, cursor) = currentTag() else { return currentLocation() }
        let tag = UnsafeBufferPointer(start: start, count: cursor - start)
        let offset = WellKnownPrefix.firstUse(of: prefix, inTag: tag) ?? 0
        return location(of: start + offset, before: cursor)
    }

    /// The `<` of the tag being parsed, and the parser's position.
    private func currentTag() -> (start: UnsafePointer<xmlChar>, cursor: UnsafePointer<xmlChar>)? {
        guard let input = context?.pointee.input, let base = input.pointee.base, let cursor = input.pointee.cur,
            let start = Self.lastIndex(of: UInt8(ascii: "<"), from: base, to: cursor)
        else { return nil }
        return (start, cursor)
    }

    /// The location of `start`, a byte of the current input at or before the parser's position `cursor`.
    private func location(of start: UnsafePointer<xmlChar>, before cursor: UnsafePointer<xmlChar>) -> SourceLocation {
        guard let input = context?.pointee.input, let base = input.pointee.base else { return currentLocation() }
        let line = Int(input.pointee.line)
        var newlines = 0
        var byte = start
        while byte < cursor {
            if byte.pointee == UInt8(ascii: "\n") { newlines += 1 }
            byte += 1
        }
        if newlines == 0 {
            return SourceLocation(file: path, line: line, column: max(Int(input.pointee.col) - (cursor - start), 1))
        }
        let lineStart = Self.lastIndex(of: UInt8(ascii: "\n"), from: base, to: start).map { $0 + 1 } ?? base
        return SourceLocation(file: path, line: line - newlines, column: start - lineStart + 1)
    }

    /// The last position in `base..<end` holding `byte`.
    private static func lastIndex(of byte: xmlChar, from base: UnsafePointer<xmlChar>, to end: UnsafePointer<xmlChar>)
        -> UnsafePointer<xmlChar>?
    {
        var cursor = end
        while cursor > base {
            cursor -= 1
            if cursor.pointee == byte { return cursor }
        }
        return nil
    }
}
