import MobileSdk

/// How an upload settles a change the service refuses because the record changed on the service since it was
/// downloaded (412 Precondition Failed).
public enum ConflictPolicy: Sendable, Hashable {
    /// Send the change again over the service's version (`If-Match: *`).
    case clientWins
    /// Drop the record's changes and take the service's version.
    case serverWins
    /// Keep the change in the error archive for the app to resolve (``OfflineStore/resolve(_:by:)``).
    case ask
}

/// How the service makes a request sent twice count once, which an upload relies on after a crash between sending
/// a request and recording its answer.
public enum RepeatabilitySupport: Sendable, Hashable {
    /// None (the default): a request whose fate is unknown is settled by reading the record back by its key — a
    /// create the service does not have is made, an update whose values it holds is done, a delete of a record it
    /// does not have is done.
    case none
    /// OASIS Repeatable Requests (OData 4.01): `Repeatability-Request-ID` and `Repeatability-First-Sent`.
    case oasis
    /// SAP Gateway's own headers: `RequestID` and `RepeatabilityCreation`.
    case sapGateway
}

/// A change the service refused, kept until the app resolves it; later changes of the same record wait behind it.
public struct ArchivedError: Sendable, Hashable, Identifiable {
    /// The entry's number in the archive.
    public let id: Int64
    /// The refused change.
    public let request: PendingRequest
    /// The HTTP status of the answer.
    public let statusCode: Int?
    /// The service's error code.
    public let code: String?
    /// The service's message.
    public let message: String

    /// Whether the record changed on the service since it was downloaded.
    public var isConflict: Bool { statusCode == 412 }
}

/// What to do with an archived error.
public enum ErrorResolution: Sendable, Hashable {
    /// Send the change again, first among the waiting changes; a conflict is sent over the service's version.
    case retry
    /// Drop the record's changes and read the service's version.
    case takeServerVersion
    /// Drop this change only; the record keeps its other changes.
    case discard
}

/// How far an upload is: request n of m.
public struct UploadProgress: Sendable, Hashable {
    /// The changes handled so far: sent, refused (archived) or held behind a refused one.
    public let handledCount: Int
    /// The changes the upload handles: those waiting when it started, and any made while it runs and sent by it.
    public let totalCount: Int

    /// The progress of an upload that handled `handledCount` of `totalCount` changes (for previews and tests).
    public init(handledCount: Int, totalCount: Int) {
        self.handledCount = handledCount
        self.totalCount = totalCount
    }

    /// How much of the upload is done, from 0 to 1.
    public var fractionCompleted: Double { totalCount == 0 ? 1 : min(1, Double(handledCount) / Double(totalCount)) }
}

/// What an upload did.
public struct UploadReport: Sendable, Hashable {
    /// Changes the service accepted.
    public let sentCount: Int
    /// Changes it refused, now in the error archive.
    public let archivedCount: Int
    /// Changes that waited behind a refused change of the same record.
    public let heldCount: Int
}
