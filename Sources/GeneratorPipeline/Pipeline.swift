import Generator
import MetadataModel
import MetadataReader

/// Metadata in, Swift files out, in four stages with a type between each: `RawInput` (documents) → `LoadResult`
/// (read, resolved and checked) → `TranslatedModel` (Swift declarations) → `GeneratedSources` (files in a layout).
/// The command line, `fetch`, the plugins (through the command line) and the tests all enter here; each stage can be
/// run and looked into on its own.
public struct Pipeline: Sendable {
    /// How documents are read: `strict` makes the checks' findings errors.
    public var reading: MetadataLoader.Options
    /// What is generated, and how it is named.
    public var configuration: GeneratorConfiguration
    /// How the generated types are laid out in files.
    public var layout: OutputLayout
    /// How `generate` lets go of the declarations once rendered, and `run` of the model once generated: freed at once,
    /// unless the process exits when it has written the files (the command line).
    public var memoryRelease: MemoryRelease

    /// Creates a pipeline from how it reads, what it generates, its file layout (a file per type by default) and how
    /// it lets go of what it no longer needs (at once by default).
    public init(
        reading: MetadataLoader.Options = MetadataLoader.Options(),
        configuration: GeneratorConfiguration = GeneratorConfiguration(),
        layout: OutputLayout = .typeFiles,
        memoryRelease: MemoryRelease = .immediately
    ) {
        self.reading = reading
        self.configuration = configuration
        self.layout = layout
        self.memoryRelease = memoryRelease
    }

    /// Reads, resolves and checks the documents.
    public func parse(_ input: RawInput) -> LoadResult {
        let loader = MetadataLoader(options: reading)
        switch input.documents {
        case .files(let paths): return loader.load(paths)
        case .inMemory(let documents): return loader.load(documents)
        }
    }

    /// Translates a model read without errors into Swift declarations.
    public func translate(_ parsed: LoadResult) -> TranslatedModel {
        ModelTranslator(configuration: configuration).translate(parsed.service, index: parsed.index)
    }

    /// Lays the declarations out in files and renders them.
    public func render(_ translated: TranslatedModel) -> GeneratedSources {
        ModelTranslator(configuration: configuration).render(translated, layout: layout)
    }

    /// The stages after reading: a model read without errors, translated and rendered (each type as soon as it is
    /// translated, on another core).
    public func generate(_ parsed: LoadResult) -> GeneratedSources {
        ModelTranslator(configuration: configuration)
            .generate(parsed.service, index: parsed.index, layout: layout, memoryRelease: memoryRelease)
    }

    /// Every stage in turn; the sources are nil when reading or translating failed (a rename that collides).
    public func run(_ input: RawInput) -> (diagnostics: [Diagnostic], sources: GeneratedSources?) {
        let parsed = parse(input)
        guard !parsed.hasErrors else { return (parsed.diagnostics, nil) }
        let sources = generate(parsed)
        let failed = sources.diagnostics.contains { $0.severity == .error }
        defer { memoryRelease.release(parsed) }
        return (parsed.diagnostics + sources.diagnostics, failed ? nil : sources)
    }
}
