/// How metadata documents are recognised by name, and by their first bytes: one list for the build plugin (which
/// reads this file through a link, as it reads `ShardLayout`), `generate` and `inspect` given a folder, `init` naming
/// its copies and `fetch` naming what it writes. No imports: the plugin compiles it on its own.
public enum MetadataDocumentNames {
    /// The ending of a `$metadata` (CSDL) or Dynamics entity metadata XML document's name.
    public static let metadataSuffix = ".metadata.xml"
    /// The ending of a Dataverse entity definitions JSON document's name.
    public static let entityDefinitionsSuffix = ".entitydefinitions.json"
    /// Every ending that marks a metadata document, compared case-insensitively.
    public static let suffixes = [metadataSuffix, ".edmx", ".csdl.xml", entityDefinitionsSuffix]

    /// Whether a file named `name` is read as a metadata document.
    public static func isDocument(named name: String) -> Bool {
        let lowered = name.lowercased()
        return suffixes.contains { lowered.hasSuffix($0) }
    }

    /// The name a copy of the document `name` gets so that it is read as one: `name` when it is; else, for JSON,
    /// its stem and ``entityDefinitionsSuffix``, and for anything else its stem (without `.xml`) and
    /// ``metadataSuffix`` (`Dataverse.EntityMetadata.xml` becomes `Dataverse.EntityMetadata.metadata.xml`).
    public static func documentName(for name: String) -> String {
        guard !isDocument(named: name) else { return name }
        let lowered = name.lowercased()
        if lowered.hasSuffix(".json") { return String(name.dropLast(".json".count)) + entityDefinitionsSuffix }
        return (lowered.hasSuffix(".xml") ? String(name.dropLast(".xml".count)) : name) + metadataSuffix
    }

    /// Whether a file whose name ends in `.xml` or `.json` and begins with `prefix` looks like a metadata document
    /// that a name would hide: XML whose root element is `Edmx` or that holds `EntityMetadata` (an
    /// `ArrayOfEntityMetadata`, a `RetrieveAllEntities` response), or JSON holding Dataverse entity definitions.
    public static func looksLikeDocument(named name: String, prefix: [UInt8]) -> Bool {
        let lowered = name.lowercased()
        let text = String(decoding: prefix, as: UTF8.self)
        if lowered.hasSuffix(".xml") {
            guard let root = firstElementName(in: text) else { return false }
            return root == "Edmx" || root.hasSuffix(":Edmx") || text.contains("EntityMetadata")
        }
        if lowered.hasSuffix(".json") {
            return text.contains("EntityDefinitions")
                || (text.contains("\"LogicalName\"") && text.contains("\"Attributes\"")
                    && text.contains("\"SchemaName\""))
        }
        return false
    }

    /// The name of the first element of an XML text: past its declaration, processing instructions, comments and
    /// document type.
    private static func firstElementName(in text: String) -> String? {
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let first = rest.first else { return nil }
            if first == "?" || first == "!" { continue }
            return String(rest.prefix { $0 != " " && $0 != ">" && $0 != "/" && $0 != "\n" && $0 != "\r" && $0 != "\t" })
        }
        return nil
    }
}
