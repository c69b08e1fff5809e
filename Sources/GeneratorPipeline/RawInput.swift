import MetadataReader

/// The pipeline's first stage: metadata documents as they were given, on disk or in memory.
public struct RawInput: Sendable {
    enum Documents: Sendable {
        case files([String])
        case inMemory([MetadataLoader.InMemoryDocument])
    }

    let documents: Documents

    /// The documents at `paths`, and the local documents they reference.
    public static func files(_ paths: [String]) -> RawInput { RawInput(documents: .files(paths)) }

    /// Documents held in memory (what a fetch hands over, or a test writes); a reference resolves to another of them
    /// by name, never to a file.
    public static func inMemory(_ documents: [MetadataLoader.InMemoryDocument]) -> RawInput {
        RawInput(documents: .inMemory(documents))
    }

    /// One document held in memory, named as diagnostics show it.
    public static func document(named name: String, bytes: [UInt8]) -> RawInput {
        inMemory([MetadataLoader.InMemoryDocument(name: name, bytes: bytes)])
    }
}
