/// Namespace prefixes that mean one namespace in every metadata document, so that a document
/// using one without declaring it (SAP Gateway's `sap:label="…"`, a real defect) is read as if
/// it were declared on the root element. Any other undeclared prefix stays an error.
///
/// `edmx` and `edm` are not among them: their namespace differs between OData versions.
enum WellKnownPrefix {
    /// The namespace a well-known prefix stands for; nil for any other prefix.
    static func namespaceURI(for prefix: String) -> String? {
        switch prefix {
        case "sap": "http://www.sap.com/Protocols/SAPData"
        case "m": "http://schemas.microsoft.com/ado/2007/08/dataservices/metadata"
        default: nil
        }
    }

    /// The offset in `tag` (a start tag from its `<`) of the first element or attribute name
    /// written with `prefix:`; attribute values are passed over.
    static func firstUse(of prefix: String, inTag tag: UnsafeBufferPointer<UInt8>) -> Int? {
        let qualified = Array(prefix.utf8) + [UInt8(ascii: ":")]
        func isName(at offset: Int) -> Bool {
            offset + qualified.count <= tag.count && tag[offset..<(offset + qualified.count)].elementsEqual(qualified)
        }
        if isName(at: 1) { return 1 }
        var quote: UInt8?
        for offset in tag.indices.dropFirst() {
            let byte = tag[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte.isXMLSpace, isName(at: offset + 1) {
                return offset + 1
            }
        }
        return nil
    }
}
