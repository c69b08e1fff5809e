import Foundation
import GeneratorPipeline
import MetadataReader

/// The definitions of some entities with their option sets, as a pipeline: `concurrency` requests are in flight as long
/// as any is left to ask, each answer is read in a task of its own while the next request is already under way, and an
/// entity's option-set casts are asked as soon as its definition is read (before the next entities' definitions, so
/// that entities complete early). No step waits for all entities: the only wait is for the last answer.
///
/// Results are kept by entity and an entity's casts are applied in the order of its option-set types, so the order
/// answers arrive in changes nothing: the same answers give the same document. The first failure (an answer that is
/// not what was asked for, an unknown entity, a request that cannot be made) cancels every request under way and is
/// thrown, before anything is written.
extension EntityDefinitionsFetch {
    /// What a task of the pipeline finished.
    private enum Step: Sendable {
        /// A request answered.
        case answered(Request, response: MetadataDownloader.Response, shown: String)
        /// An entity's definition read, without its option sets: the entity's index among the names.
        case read(entity: Int, EntityDefinitionsAssembly.Entity)
        /// An entity read with all its option sets, written.
        case completed(EntityDefinitionsAssembly.WrittenEntity)
    }

    /// A request to make: an entity's definition, or one of its casts.
    private struct Request: Sendable {
        /// The entity's index among the names.
        var entity: Int
        /// The cast's index among the entity's option-set types; nil for the definition.
        var cast: Int?
        var path: String
    }

    /// An entity read, waiting for the answers of its casts.
    private struct Waiting {
        var definition: EntityDefinitionsAssembly.Entity
        /// By cast, in the order of the entity's option-set types: the body and the URL as shown.
        var answers: [(body: Data, shown: String)?]
        var unanswered: Int
    }

    /// The definitions of `names` with their option sets, into `assembly` (replacing those it held), and the
    /// validators of their responses by request.
    func fetchEntities(
        _ names: [String],
        into assembly: inout EntityDefinitionsAssembly,
        validators: inout [String: FetchCache.Validators?],
        progress: FetchProgress
    ) async throws {
        let getter = getter
        let limit = max(1, concurrency)
        progress.expect(names.count)
        try await withThrowingTaskGroup(of: Step.self) { group in
            var inFlight = 0
            var nextEntity = 0
            var casts: [Request] = []  // the casts to ask, first in first out from `nextCast`
            var nextCast = 0
            var waiting: [Int: Waiting] = [:]
            /// Starts requests until `limit` are in flight: casts first, then the next entities' definitions.
            func ask() {
                while inFlight < limit {
                    let request: Request
                    if nextCast < casts.count {
                        request = casts[nextCast]
                        nextCast += 1
                    } else if nextEntity < names.count {
                        request = Request(entity: nextEntity, cast: nil, path: Self.entityPath(names[nextEntity]))
                        nextEntity += 1
                    } else {
                        return
                    }
                    inFlight += 1
                    group.addTask {
                        let (response, shown) = try await getter.get(request.path)
                        return .answered(request, response: response, shown: shown)
                    }
                }
            }
            ask()
            while let step = try await group.next() {
                switch step {
                case .answered(let request, let response, let shown):
                    inFlight -= 1
                    progress.finishedOne()
                    ask()
                    let name = names[request.entity]
                    guard let cast = request.cast else {
                        if response.status == 404 {
                            throw FetchError(
                                "the organization has no entity '\(name)' (\(shown) answered 404); nothing was written"
                            )
                        }
                        try getter.check(response, shown: shown, what: "entity definition")
                        validators[request.path] = response.validators
                        group.addTask {
                            let body = [UInt8](response.body)
                            let definition = try Self.located {
                                try EntityDefinitionsAssembly.Entity(body, logicalName: name, source: shown)
                            }
                            return .read(entity: request.entity, definition)
                        }
                        continue
                    }
                    try getter.check(response, shown: shown, what: "attribute option sets")
                    validators[request.path] = response.validators
                    guard var entity = waiting[request.entity] else { continue }
                    entity.answers[cast] = (response.body, shown)
                    entity.unanswered -= 1
                    guard entity.unanswered == 0 else {
                        waiting[request.entity] = entity
                        continue
                    }
                    waiting[request.entity] = nil
                    let (read, answers) = (entity.definition, entity.answers.compactMap { $0 })
                    group.addTask {
                        var definition = read
                        for answer in answers {
                            try Self.located {
                                try definition.addOptionSets([UInt8](answer.body), source: answer.shown)
                            }
                        }
                        return .completed(try Self.checked(definition.written()))
                    }
                case .read(let entity, let definition):
                    let types = definition.optionSetTypes
                    guard !types.isEmpty else {
                        group.addTask { .completed(try Self.checked(definition.written())) }
                        continue
                    }
                    waiting[entity] = Waiting(
                        definition: definition,
                        answers: Array(repeating: nil, count: types.count),
                        unanswered: types.count
                    )
                    casts += types.indices.map {
                        Request(entity: entity, cast: $0, path: Self.castPath(names[entity], types[$0]))
                    }
                    progress.expect(types.count)
                    ask()
                case .completed(let definition): assembly.add(definition)
                }
            }
        }
    }

    /// The entity, once read on its own as the generator reads the document: what the generator cannot read is not
    /// stored. Each entity is read as it completes, while later answers are on their way (the generator reads the
    /// entities of a document each on its own too).
    private static func checked(_ entity: EntityDefinitionsAssembly.WrittenEntity) throws
        -> EntityDefinitionsAssembly.WrittenEntity
    {
        let result = Pipeline().parse(.document(named: entity.logicalName, bytes: entity.document))
        if let error = result.diagnostics.first(where: { $0.severity == .error }) {
            throw FetchError(
                "the definition of '\(entity.logicalName)' cannot be read as put together (\(error.message)); "
                    + "nothing was written"
            )
        }
        return entity
    }

    /// The path of an entity's definition with its collections.
    static func entityPath(_ name: String) -> String {
        "EntityDefinitions(LogicalName='\(name)')?$expand=\(EntityDefinitionsAssembly.entityExpansions)"
    }

    /// The path of the typed cast that brings the option sets of an entity's attributes of one type.
    static func castPath(_ name: String, _ type: String) -> String {
        "EntityDefinitions(LogicalName='\(name)')/Attributes/Microsoft.Dynamics.CRM.\(type)"
            + "?$select=LogicalName&$expand=\(EntityDefinitionsAssembly.optionSetExpansions)"
    }
}
