import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkOffline

/// The changes an upload sends, answered as an OData service answers them, and the records it reads back.
extension InMemoryService {
    /// Makes the change and answers it: a create 201 Created with the record's `ETag`, `Location` and
    /// `OData-EntityId` (a record sent without its key gets a GUID one), an update or a delete 204 with the new
    /// `ETag`, a link 204. A change made against another version than the record's (`If-Match`) is refused 412,
    /// one of a record the service does not have 404, a create of a key it has 409. A change sent again with the
    /// same `Repeatability-Request-ID` (or SAP's `RequestID`) gets the first answer, and is not made again.
    nonisolated(nonsending) public func send(_ change: ServiceChange) async throws -> HTTPResponse {
        let request = try record(change)
        let repeatID = change[header: "Repeatability-Request-ID"] ?? change[header: "RequestID"]
        let entity = change.entity
        let result = try await handle(request) { () -> Result<HTTPResponse, ODataServiceError> in
            if let repeatID, let answer = answers[repeatID] {
                return answer.map { response in
                    var response = response
                    response.headerFields["Repeatability-Result"] = "accepted"
                    return response
                }
            }
            let answer: Result<HTTPResponse, ODataServiceError>
            do { answer = .success(try apply(change.action, of: entity, request: request)) } catch let error
                as ODataServiceError
            { answer = .failure(error) }
            if let repeatID { answers[repeatID] = answer }
            return answer
        }
        return try result.get()
    }

    /// The record as the service has it now; 404 when it has none.
    nonisolated(nonsending) public func read<T: Entity>(_ type: T.Type, key: EntityKey, in entitySet: String)
        async throws -> T
    {
        let segment = try key.urlSegment(version)
        let request = Request(kind: .read, entitySet: entitySet, path: entitySet + segment)
        return try await handle(request) {
            guard let record = sets[entitySet]?[segment].map(Self.copy) as? T else {
                throw notFound(entitySet + segment)
            }
            return record
        }
    }

    /// Streams are not kept: 404.
    nonisolated(nonsending) public func downloadStream(_ stream: StreamReference, to destination: URL) async throws
        -> DownloadedStream
    {
        let request = Request(kind: .stream, entitySet: stream.entitySet ?? "", path: stream.entitySet ?? "")
        return try await handle(request) { throw notFound("the stream of \(request.path)") }
    }

    /// The record of a change as the service sees it.
    private func record(_ change: ServiceChange) throws -> Request {
        let entity = change.entity
        let key = (try? keySegment(of: entity)) ?? ""
        var path = change.entitySet + key
        let kind: Request.Kind
        var attributes: [String: AttributeValue] = [:]
        switch change.action {
        case .create:
            kind = .create
            attributes = entity.attributes
        case .update:
            kind = .update
            for name in entity.changedAttributeNames { attributes[name] = entity[name] ?? .null }
        case .delete: kind = .delete
        case .associate(let navigationProperty, let target, let targetEntitySet):
            kind = .associate
            path += "/\(navigationProperty) → " + (try targetPath(target, targetEntitySet))
        case .disassociate(let navigationProperty, let target, let targetEntitySet):
            kind = .disassociate
            path += "/\(navigationProperty) → " + (try targetPath(target, targetEntitySet))
        }
        var headers: [String: String] = [:]
        for (name, value) in change.headers { headers[name] = value }
        if kind == .update || kind == .delete { headers["If-Match"] = entity.eTag ?? "*" }
        return Request(kind: kind, entitySet: change.entitySet, path: path, headers: headers, attributes: attributes)
    }

    private func targetPath(_ target: Entity, _ entitySet: String?) throws -> String {
        let set = entitySet ?? type(of: target).entitySetName ?? ""
        return set + (try keySegment(of: target))
    }

    /// Makes a change (the lock held) and returns the answer; throws the service's refusal.
    private func apply(_ action: ServiceChange.Action, of entity: Entity, request: Request) throws -> HTTPResponse {
        let set = request.entitySet
        switch action {
        case .create:
            let record = Self.copy(entity)
            if (try? keySegment(of: record)) == nil {
                let names = type(of: record).keyAttributes
                if names.count == 1 { record[names[0]] = .guid(record.recordId ?? UUID()) }
                if names.isEmpty, record.recordId == nil { record.recordId = UUID() }
            }
            let key = try keySegment(of: record)
            guard sets[set]?[key] == nil else { throw refusal(409, "the record \(set)\(key) exists", request) }
            let eTag = store(record, key: key, in: set)
            let location = serviceRoot.absoluteString + set + key
            var headers = ["ETag": eTag, "Location": location]
            if version == .v4 { headers["OData-EntityId"] = location }
            return HTTPResponse(statusCode: 201, headerFields: headers)
        case .update:
            let (key, record) = try current(entity, request: request)
            for name in entity.changedAttributeNames { record[name] = entity[name] ?? .null }
            record.acceptChanges()
            return HTTPResponse(statusCode: 204, headerFields: ["ETag": store(record, key: key, in: set)])
        case .delete:
            let (key, _) = try current(entity, request: request)
            sets[set]?.removeValue(forKey: key)
            forgetLinks(of: set + key)
            changes.append((set, key))
            return HTTPResponse(statusCode: 204)
        case .associate(let navigationProperty, let target, let targetEntitySet):
            let (key, _) = try current(entity, request: request, checkingETag: false)
            let targetPath = try targetPath(target, targetEntitySet)
            let targetSet = String(targetPath.prefix { $0 != "(" })
            guard sets[targetSet]?[String(targetPath.dropFirst(targetSet.count))] != nil else {
                throw refusal(404, "no record \(targetPath)", request)
            }
            links.insert(Link(source: set + key, navigationProperty: navigationProperty, target: targetPath))
            return HTTPResponse(statusCode: 204)
        case .disassociate(let navigationProperty, let target, let targetEntitySet):
            let (key, _) = try current(entity, request: request, checkingETag: false)
            let link = Link(
                source: set + key,
                navigationProperty: navigationProperty,
                target: try targetPath(target, targetEntitySet)
            )
            guard links.remove(link) != nil else { throw refusal(404, "no such link", request) }
            return HTTPResponse(statusCode: 204)
        }
    }

    /// The key and record a change names: 404 when there is none, 412 when the change was made against another
    /// version (`If-Match`).
    private func current(_ entity: Entity, request: Request, checkingETag: Bool = true) throws -> (String, Entity) {
        let key = try keySegment(of: entity)
        guard let record = sets[request.entitySet]?[key] else {
            throw refusal(404, "no record \(request.entitySet)\(key)", request)
        }
        if checkingETag, let eTag = entity.eTag, eTag != "*", eTag != record.eTag {
            var error = refusal(412, "the record changed since \(eTag)", request)
            error.eTag = record.eTag
            throw error
        }
        return (key, record)
    }

    private func refusal(_ status: Int, _ message: String, _ request: Request) -> ODataServiceError {
        ODataServiceError(statusCode: status, code: "", message: message, request: request.description)
    }
}
