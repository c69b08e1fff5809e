import Foundation
import GeneratorPipeline
import MetadataModel

/// The entities a Dataverse `$metadata` derives others from (`task` from `activitypointer`): a derived class inherits
/// the base's properties, so their option sets and lookups come from the base's definition, which a fetch of the
/// derived entity's definition must bring along. Abstract bases (`crmbaseentity`) have no definition.
struct DataverseBaseEntities {
    /// Where a fetch gets them: `$metadata` may still be on its way when the fetch of definitions starts.
    typealias Source = @Sendable () async throws -> DataverseBaseEntities

    /// Each entity's concrete base entities, nearest first, by logical name.
    private let bases: [String: [String]]

    /// The bases of the entity types in `document`; none when it cannot be read.
    init(metadata document: Data) {
        let service = Pipeline().parse(.document(named: "$metadata", bytes: [UInt8](document))).service
        let index = ModelIndex(service)
        var bases: [String: [String]] = [:]
        for name in index.entityTypeNames {
            let ancestors = index.entityLineage(of: name).dropFirst().filter { !$0.type.isAbstract }.map(\.type.name)
            if !ancestors.isEmpty { bases[name.name] = ancestors }
        }
        self.bases = bases
    }

    /// `names` with the base entities they lack, sorted.
    func adding(to names: [String]) -> [String] { Array(Set(names + names.flatMap { bases[$0] ?? [] })).sorted() }
}
