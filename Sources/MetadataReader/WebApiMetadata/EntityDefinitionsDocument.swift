import MetadataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON metadata document: recognised, parsed with locations, and read as Web API entity definitions.
enum EntityDefinitionsDocument {
    /// Whether the document is JSON: a `.json` name, or content whose first character is `{`.
    static func isJSON(path: String, bytes: [UInt8]?) -> Bool {
        if path.lowercased().hasSuffix(".json") { return true }
        let head = bytes.map { Array($0.prefix(512)) } ?? readHead(path)
        let content = head.starts(with: [0xEF, 0xBB, 0xBF]) ? head.dropFirst(3) : head[...]
        return content.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }

    /// Reads the document at `path`, or `bytes` when given.
    static func read(path: String, bytes: [UInt8]?) -> ReadDocument {
        var document = ReadDocument(path: path)
        let context = ReadContext(path: path)
        let parsed = parse(path: path, bytes: bytes, context: context)
        let root: JSONValue
        switch parsed {
        case .success(let value): root = value
        case .failure(let error):
            document.diagnostics = [.error(error.message, at: error.location)]
            return document
        case nil:
            document.diagnostics = context.diagnostics
            return document
        }
        var reader = EntityDefinitionsReader(context: context)
        if !reader.read(root) {
            context.error(
                "unrecognised JSON document: expected Web API entity definitions (an EntityDefinitions response, "
                    + "{\"value\": [...]}, one entity definition, or a RetrieveMetadataChanges response, "
                    + "{\"EntityMetadata\": [...]})",
                at: root.location
            )
        } else if reader.entityTypes.isEmpty && reader.globalOptionSets.isEmpty {
            if !context.diagnostics.hasErrors {
                context.error("the document holds no entity definitions", at: root.location)
            }
        } else {
            document.dialect = .dynamicsEntityMetadata
            var schema = Schema(namespace: EntityMetadataReader.namespace, location: root.location)
            schema.entityTypes = reader.entityTypes
            schema.optionSets = reader.globalOptionSets
            document.schemas = [schema]
        }
        document.diagnostics = context.diagnostics
        return document
    }

    /// The document's tree, or its syntax error; nil when the file cannot be read. The bytes read from a file are let
    /// go once parsed, before the tree is read into the model.
    private static func parse(path: String, bytes: [UInt8]?, context: ReadContext) -> Result<
        JSONValue, JSONParser.SyntaxError
    >? {
        guard let bytes = bytes ?? readFile(path, context: context) else { return nil }
        do { return .success(try JSONParser.parse(bytes, path: path)) } catch { return .failure(error) }
    }

    /// The first bytes of the file, or none when it cannot be read (reading it then reports why).
    private static func readHead(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        return Array(buffer.prefix(count))
    }

    private static func readFile(_ path: String, context: ReadContext) -> [UInt8]? {
        guard let file = fopen(path, "rb") else {
            context.error("cannot open file: \(String(cString: strerror(errno)))", at: .file(path))
            return nil
        }
        defer { fclose(file) }
        // The size the file reports is read in one call; whatever follows (a file still growing, a pipe) in pieces.
        var info = stat()
        let size = fstat(fileno(file), &info) == 0 ? max(Int(info.st_size), 0) : 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = size > 0 ? fread(buffer.baseAddress, 1, size, file) : 0
        }
        if bytes.count == size {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                bytes += buffer.prefix(count)
                if count < buffer.count { break }
            }
        }
        guard ferror(file) == 0 else {
            context.error("cannot read file", at: .file(path))
            return nil
        }
        return bytes
    }
}
