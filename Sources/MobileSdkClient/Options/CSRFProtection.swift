import Foundation

extension ODataClient {
    /// A service's protection against cross-site request forgery, as SAP Gateway has it: a modifying request (any
    /// method but GET, HEAD and OPTIONS; `$batch` and tunnelled MERGE are POSTs) must carry a token that a GET with
    /// `X-CSRF-Token: Fetch` hands out, together with the session cookies of that response.
    ///
    /// The client fetches the token before its first modifying request (once, however many start together), sends it
    /// on modifying requests only, and keeps the service's cookies (name and value, from `Set-Cookie`) for the service
    /// root's scheme, host and port only, never in a shared cookie storage. When the service answers 403 with
    /// `X-CSRF-Token: Required` (the token or session expired), it fetches a new token once and repeats the request
    /// once; a second such 403 surfaces as ``ODataServiceError``.
    public struct CSRFProtection: Sendable, Hashable {
        /// The header that asks for, carries and demands the token.
        public var headerName: String
        /// The path, relative to the service root, that the token is fetched from; `""` for the service document.
        public var fetchPath: String

        /// Creates a protection whose token travels in the `headerName` header and is fetched with a GET of `fetchPath`
        /// (relative to the service root; `""` for the service document).
        public init(headerName: String = "X-CSRF-Token", fetchPath: String = "") {
            self.headerName = headerName
            self.fetchPath = fetchPath
        }

        /// SAP Gateway (and S/4HANA's OData services): `X-CSRF-Token`, fetched with a GET of the service document.
        public static let sapGateway = CSRFProtection()

        /// Whether a request with this method needs the token.
        public func protects(method: String) -> Bool { !["GET", "HEAD", "OPTIONS"].contains(method.uppercased()) }

        /// Whether `response` says that the token sent was missing, invalid or expired.
        func demandsToken(_ response: HTTPResponse) -> Bool {
            response.statusCode == 403
                && response[header: headerName]?.caseInsensitiveCompare("Required") == .orderedSame
        }
    }
}
