import MobileSdk

extension InMemoryService {
    /// A request the service was sent, for a test to check.
    public struct Request: Sendable, Hashable, CustomStringConvertible {
        /// What a request asks for.
        public enum Kind: String, Sendable, Hashable {
            /// A page of a query, of its next link or of its changes (a delta link).
            case page
            /// A record read back by its key.
            case read
            case create, update, delete, associate, disassociate
            /// A stream's content.
            case stream
        }

        /// What it asks for.
        public var kind: Kind
        /// The entity set it reads or changes.
        public var entitySet: String
        /// What it names under the service root: a page's link (`People?$skiptoken=2`), a record
        /// (`People('russellwhyte')`), a link (`People('russellwhyte')/Friends → People('scottketchum')`).
        public var path: String
        /// The header fields sent with a change: its precondition (`If-Match`, the ETag it was made against, `*`
        /// for any version) and the repeatability headers.
        public var headers: [String: String]
        /// The attributes a create or an update sends.
        public var attributes: [String: AttributeValue]

        /// Creates the record of a request.
        public init(
            kind: Kind,
            entitySet: String,
            path: String,
            headers: [String: String] = [:],
            attributes: [String: AttributeValue] = [:]
        ) {
            self.kind = kind
            self.entitySet = entitySet
            self.path = path
            self.headers = headers
            self.attributes = attributes
        }

        /// `kind path`, such as `update People('russellwhyte')`.
        public var description: String { "\(kind.rawValue) \(path)" }
    }
}
