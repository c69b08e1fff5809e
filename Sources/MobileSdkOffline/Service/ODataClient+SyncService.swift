import Foundation
import MobileSdk
import MobileSdkClient

/// The client is the service a store reaches over HTTP: its pages and changes are requests sent with the client's
/// credentials, retries and throttling rules.
extension ODataClient: SyncService {
    /// `changesBody(link:tracking:)`.
    nonisolated(nonsending) public func page(at link: String, tracking: Bool) async throws -> ChangesBody {
        try await changesBody(link: link, tracking: tracking)
    }

    /// The request `createRequest`, `updateRequest`, `deleteRequest`, `associateRequest` or `disassociateRequest`
    /// builds for the change, with its header fields, sent.
    nonisolated(nonsending) public func send(_ change: ServiceChange) async throws -> HTTPResponse {
        let (entity, set) = (change.entity, change.entitySet)
        var request: HTTPRequest
        switch change.action {
        case .create: request = try createRequest(entity, entitySet: set)
        case .update: request = try updateRequest(entity, entitySet: set)
        case .delete: request = try deleteRequest(entity, entitySet: set)
        case .associate(let navigationProperty, let target, let targetEntitySet):
            request = try associateRequest(
                entity,
                navigationProperty: navigationProperty,
                with: target,
                entitySet: set,
                targetEntitySet: targetEntitySet
            )
        case .disassociate(let navigationProperty, let target, let targetEntitySet):
            request = try disassociateRequest(
                entity,
                navigationProperty: navigationProperty,
                from: target,
                entitySet: set,
                targetEntitySet: targetEntitySet
            )
        }
        for (name, value) in change.headers { request[header: name] = value }
        return try await send(request)
    }

    /// `download(_:to:resuming:progress:)`, from the start.
    nonisolated(nonsending) public func downloadStream(_ stream: StreamReference, to destination: URL) async throws
        -> DownloadedStream
    { try await download(stream, to: destination) }
}
