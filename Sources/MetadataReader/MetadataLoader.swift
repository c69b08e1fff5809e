import MetadataModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of reading metadata: the model and every diagnostic, in the order found.
public struct LoadResult: Sendable {
    /// Every document read into one service, then resolved and checked.
    public var service: Service
    /// The resolved service's index (types by name, lineages, entity sets), which the checks used and the generator
    /// takes.
    public var index: ModelIndex
    /// Errors, warnings and notes from the documents and the checks, in the order found.
    public var diagnostics: [Diagnostic]

    /// Whether reading failed: any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Reads metadata documents — OData CSDL in any version, and Dynamics entity metadata — into
/// one `Service`, then resolves aliases, references and v2 associations, merges entity metadata
/// onto CSDL, applies external annotations and checks the result.
public struct MetadataLoader: Sendable {
    /// How documents are read.
    public struct Options: Sendable {
        /// Treat the findings of the semantic checks (unresolved types, missing key properties,
        /// duplicate names…) and cyclic base types as errors rather than warnings.
        public var strict: Bool

        /// Creates options; `strict` is off unless given.
        public init(strict: Bool = false) { self.strict = strict }
    }

    /// How documents are read: `strict` makes the checks' findings errors.
    public var options: Options

    /// Creates a loader with `options`, the defaults (not strict) when omitted.
    public init(options: Options = Options()) { self.options = options }

    /// A document held in memory: its bytes, and the name diagnostics give it.
    public struct InMemoryDocument: Sendable {
        /// The name diagnostics give it, and the path a reference from another document resolves to.
        public var name: String
        /// The document's contents, as its file would hold them.
        public var bytes: [UInt8]

        /// Creates a document from its name and bytes.
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// Reads the documents at `paths`, and the local documents they reference.
    public func load(_ paths: [String]) -> LoadResult { load(paths.map { ($0, nil) }) }

    /// Reads documents held in memory (what a fetch hands over, or a test writes); a reference resolves to another of
    /// them by name, as a path would, and never to a file.
    public func load(_ documents: [InMemoryDocument]) -> LoadResult { load(documents.map { ($0.name, $0.bytes) }) }

    /// Reads each document from its bytes, or from the file at its path when it has none.
    private func load(_ inputs: [(path: String, bytes: [UInt8]?)]) -> LoadResult {
        let inMemory = Dictionary(
            inputs.compactMap { input in input.bytes.map { (Self.normalized(input.path), $0) } },
            uniquingKeysWith: { first, _ in first }
        )
        let fromFiles = inMemory.isEmpty
        var documents: [(ReadDocument, isReference: Bool)] = []
        var queue = inputs.map { ($0.path, false) }
        var queued = Set(inputs.map { Self.normalized($0.path) })
        var diagnostics: [Diagnostic] = []
        var opaque: [String] = []
        // The documents given are read at once; those they reference, as they are found. Last first, so that each is
        // moved out of the array, and not copied when changed below.
        var given = Array(
            ConcurrentDocumentReads.read(inputs.map { ($0.path, inMemory[Self.normalized($0.path)]) }).reversed()
        )

        while !queue.isEmpty {
            let (path, isReference) = queue.removeFirst()
            var document = given.popLast() ?? DocumentReader.read(path: path, bytes: inMemory[Self.normalized(path)])
            for reference in document.references {
                let (candidate, isLocal) = Self.localPath(of: reference.uri, besides: path)
                if fromFiles ? Self.isReadable(candidate) : inMemory[Self.normalized(candidate)] != nil {
                    if queued.insert(Self.normalized(candidate)).inserted { queue.append((candidate, true)) }
                    continue
                }
                opaque += reference.includes.map(\.namespace)
                let namespaces = reference.includes.map(\.namespace).joined(separator: ", ")
                if isLocal {
                    document.diagnostics.append(
                        .warning(
                            """
                            referenced document '\(reference.uri)' not found (looked for \(candidate)); \
                            types from \(namespaces.isEmpty ? "it" : namespaces) stay opaque
                            """,
                            at: reference.location
                        )
                    )
                } else if !reference.includes.isEmpty,
                    reference.includes.allSatisfy({ Self.isWellKnownVocabulary($0.namespace) })
                {
                    document.diagnostics.append(
                        .note(
                            """
                            vocabulary reference '\(reference.uri)' is not available locally; \
                            the terms the generator uses from \(namespaces) are built in
                            """,
                            at: reference.location
                        )
                    )
                } else {
                    document.diagnostics.append(
                        .warning(
                            """
                            reference '\(reference.uri)' is not available locally (looked for \(candidate)); \
                            types from \(namespaces.isEmpty ? "it" : namespaces) stay opaque
                            """,
                            at: reference.location
                        )
                    )
                }
            }
            let resolver = AliasResolver(document: document)
            for index in document.schemas.indices { document.diagnostics += resolver.resolve(&document.schemas[index]) }
            diagnostics += document.diagnostics
            documents.append((document, isReference))
        }

        var service = Service()
        service.documents = documents.compactMap { document, isReference in
            document.dialect.map { DocumentInfo(path: document.path, dialect: $0, isReference: isReference) }
        }
        service.schemas = documents.filter { !$0.0.isEntityMetadata }.flatMap(\.0.schemas)
        let loaded = Set(service.schemas.map(\.namespace))
        service.opaqueNamespaces = Self.unique(opaque.filter { !loaded.contains($0) })
        let entitySchemas = documents.filter(\.0.isEntityMetadata).flatMap(\.0.schemas)
        EntityMetadataMerger().merge(entitySchemas, into: &service.schemas, diagnostics: &diagnostics)
        DuplicateTypeRemover().apply(to: &service, diagnostics: &diagnostics)
        AssociationResolver(service: service).resolve(&service, diagnostics: &diagnostics)
        ExternalAnnotationApplier().apply(to: &service)
        let readCleanly = !diagnostics.hasErrors
        BaseTypeCycleBreaker(strict: options.strict).apply(to: &service, diagnostics: &diagnostics)
        let index = ModelIndex(service)
        let limits = SizeLimits().check(service, index: index)
        diagnostics += limits
        if readCleanly, limits.isEmpty {
            var checker = SemanticChecker(service: service, index: index)
            let findings = checker.check()
                .sorted {
                    ($0.location.file, $0.location.line, $0.location.column) < (
                        $1.location.file, $1.location.line, $1.location.column
                    )
                }
            diagnostics += options.strict ? findings.map { Diagnostic(.error, $0.message, at: $0.location) } : findings
        }
        return LoadResult(service: service, index: index, diagnostics: diagnostics)
    }

    /// Where a reference's document would be beside the referencing one: a relative URI as
    /// given, an absolute URL by its last path segment. Never the network.
    static func localPath(of uri: String, besides document: String) -> (path: String, isLocal: Bool) {
        let withoutQuery = String(uri.prefix { $0 != "?" && $0 != "#" })
        let directory = document.lastIndex(of: "/").map { String(document[...$0]) } ?? ""
        if withoutQuery.contains("://") {
            let name = withoutQuery.split(separator: "/").last.map(String.init) ?? ""
            return (directory + name, false)
        }
        if withoutQuery.hasPrefix("/") { return (withoutQuery, true) }
        return (directory + withoutQuery, true)
    }

    /// The OASIS, OData community and SAP vocabularies, whose terms the model knows by name.
    static func isWellKnownVocabulary(_ namespace: String) -> Bool {
        ["Org.OData.", "OData.Community.", "com.sap.vocabularies."].contains { namespace.hasPrefix($0) }
    }

    private static func isReadable(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
    }

    /// The path with `.` and `..` segments folded, to read each document once.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
