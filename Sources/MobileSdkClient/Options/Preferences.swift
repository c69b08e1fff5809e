extension ODataClient {
    /// What the client asks of the service in the `Prefer` header (OData v4; OData v2 has none of these).
    public struct Preferences: Sendable, Hashable {
        /// Whether a create or update answers with the entity (`return=representation`) or without (`return=minimal`).
        public enum Return: String, Sendable, Hashable { case representation, minimal }

        /// Instance annotations to ask for (`odata.include-annotations`), e.g. `"*"` for Dataverse's formatted
        /// values and lookup names, or `"OData.Community.Display.V1.FormattedValue"`.
        public var includeAnnotations: String?
        /// The page size to ask for on reads (`odata.maxpagesize`); the service may send smaller pages.
        public var maximumPageSize: Int?
        /// What creates and updates (POST, PATCH, PUT) answer with (`return=…`).
        public var returnContent: Return?

        /// Creates preferences of these annotations, page size and `return`; nil asks for nothing.
        public init(includeAnnotations: String? = nil, maximumPageSize: Int? = nil, returnContent: Return? = nil) {
            self.includeAnnotations = includeAnnotations
            self.maximumPageSize = maximumPageSize
            self.returnContent = returnContent
        }

        /// The `Prefer` value for a request with this method: annotations, then the page size (GET only), then
        /// `return` (writes only); nil when there is nothing to ask.
        public func headerValue(method: String) -> String? {
            var preferences: [String] = []
            if let includeAnnotations { preferences.append("odata.include-annotations=\"\(includeAnnotations)\"") }
            if let maximumPageSize, method == "GET" { preferences.append("odata.maxpagesize=\(maximumPageSize)") }
            if let returnContent, ["POST", "PATCH", "PUT"].contains(method) {
                preferences.append("return=\(returnContent.rawValue)")
            }
            return preferences.isEmpty ? nil : preferences.joined(separator: ",")
        }
    }
}
