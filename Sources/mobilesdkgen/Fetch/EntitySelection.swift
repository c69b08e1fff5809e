import Foundation
import Generator

/// Which Dataverse entities `fetch` reads the definitions of: named ones, those a configuration's `entities` filter
/// admits (wildcards need the organization's list of entities), or all of them.
enum EntitySelection: Equatable, CustomStringConvertible {
    /// Logical names, sorted, without repeats.
    case names([String])
    case filter(GeneratorConfiguration.Filter)
    case all

    /// From `--entity` values (comma-separated allowed), a configuration file (its `entities.include`) and
    /// `--all-entities`; nil when they name no entity.
    static func from(entities: [String], configurationFile: String?, all: Bool) throws -> EntitySelection? {
        if all { return .all }
        var names = entities.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if let configurationFile {
            let filter = try configurationFilter(configurationFile)
            if filter.include.isEmpty {
                // A configuration for every entity selects none to fetch: fetch asks for names when it is Dataverse.
            } else if filter.exclude.isEmpty, !filter.include.contains(where: { $0.contains("*") || $0.contains("?") })
            {
                names += filter.include
            } else {
                guard names.isEmpty else {
                    throw FetchError(
                        """
                        --entity cannot be combined with a configuration whose entities filter \
                        has wildcards or excludes
                        """
                    )
                }
                return .filter(filter)
            }
        }
        guard !names.isEmpty else { return nil }
        for name in names where !isLogicalName(name.lowercased()) {
            throw FetchError("'\(name)' is not an entity's logical name (letters, digits and underscores)")
        }
        return .names(Array(Set(names.map { $0.lowercased() })).sorted())
    }

    /// What was asked for, recorded in the fetch cache to know whether an earlier fetch asked for the same.
    var description: String {
        switch self {
        case .names(let names): "entities: " + names.joined(separator: ",")
        case .filter(let filter):
            "include: \(filter.include.joined(separator: ",")); exclude: \(filter.exclude.joined(separator: ","))"
        case .all: "all entities"
        }
    }

    /// Whether the organization's list of entities is needed to know the names.
    var needsList: Bool {
        if case .names = self { return false }
        return true
    }

    /// The logical names among the organization's `entities` that this selection takes, sorted.
    func logicalNames(among entities: [(logicalName: String, schemaName: String?)]) -> [String] {
        switch self {
        case .names(let names): names
        case .all: entities.map(\.logicalName).filter(Self.isLogicalName).sorted()
        case .filter(let filter):
            entities.filter { filter.admits([$0.logicalName] + ($0.schemaName.map { [$0] } ?? [])) }.map(\.logicalName)
                .filter(Self.isLogicalName).sorted()
        }
    }

    static func isLogicalName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private static func configurationFilter(_ path: String) throws -> GeneratorConfiguration.Filter {
        switch ConfigurationFile.load(path) {
        case .success(let configuration): return configuration.entities
        case .failure(let error):
            throw FetchError(error.diagnostics.map { "\($0.location): \($0.message)" }.joined(separator: "\n"))
        }
    }
}
