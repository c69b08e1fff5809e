import Foundation
import MobileSdk

/// A change made in the store and not yet uploaded, as the queue holds it.
public struct PendingRequest: Sendable, Hashable, Identifiable {
    /// What the request does.
    public enum Method: String, Sendable, Hashable { case create, update, delete }

    /// The request's place in the queue: requests are uploaded in this order.
    public let id: Int64
    /// What the request does.
    public let method: Method
    /// The entity set it is sent to.
    public let entitySet: String
    /// The record's key segment, e.g. `('russellwhyte')`; `local:…` for a record whose key only the service gives.
    public let entityKey: String
    /// The values of the record's key properties; empty for a record created here whose key only the service gives.
    public let keyValues: [String: AttributeValue]
    /// The attribute values it sends (none for a delete).
    public let attributes: [String: AttributeValue]
    /// The ETag it sends in `If-Match`, when the record had one.
    public let eTag: String?
    /// The category the app gave the change, for uploading some categories only.
    public let category: String?
    /// Whether an upload sent it and did not see the answer (it ended, or the app stopped, in between).
    public let isInFlight: Bool
    /// The table of the record.
    let tableName: String
    /// The id sent as `Repeatability-Request-ID`, the same each time the request is sent.
    let requestID: String
    /// When it was first sent, for `Repeatability-First-Sent`.
    let firstSent: Date?
}
