import Foundation
import MobileSdk

/// A change made in the store and not yet uploaded, as the queue holds it.
public struct PendingRequest: Sendable, Hashable, Identifiable {
    /// What the request does.
    public enum Method: String, Sendable, Hashable { case create, update, delete, associate, disassociate }

    /// The link an associate or disassociate request adds or removes, from the request's record.
    public struct Link: Sendable, Hashable {
        /// The navigation property it goes through.
        public let navigationProperty: String
        /// The entity set of the record it leads to.
        public let targetEntitySet: String
        /// The key segment of the record it leads to; `local:…` while that record waits for the key the service
        /// gives it.
        public let targetKey: String
        /// The table of the record it leads to, and its key properties' values.
        let targetTable: String
        let targetKeyValues: [String: AttributeValue]
    }

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
    /// The attribute values it sends (none for a delete, an associate or a disassociate).
    public let attributes: [String: AttributeValue]
    /// The link an associate or disassociate adds or removes.
    public let link: Link?
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
