/// What a token is asked for, as the fields that say so in an authorization, device authorization or token request:
/// the `scope` (RFC 6749 §3.3) and the `resource` the token is for (RFC 8707's resource indicator). AD FS on Windows
/// Server 2012 R2 requires `resource`, later AD FS issues a token for its own UserInfo endpoint without it, and
/// Microsoft Entra ID's v2.0 endpoints refuse it.
package struct RequestedAccess: Sendable, Equatable {
    /// The scopes, sent space-separated as `scope`; none leaves the field out.
    package var scopes: [String]
    /// The resource's identifier, sent as `resource` exactly as given (AD FS compares it with the relying party's
    /// identifier character for character, a trailing slash included); nil leaves the field out.
    package var resource: String?

    /// Asks for `scopes` and, when given, `resource`.
    package init(scopes: [String] = [], resource: String? = nil) {
        self.scopes = scopes
        self.resource = resource
    }

    /// The `scope` field (when there are scopes), then the `resource` field (when there is one).
    package var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if !scopes.isEmpty { fields.append(("scope", scopes.joined(separator: " "))) }
        if let resource { fields.append(("resource", resource)) }
        return fields
    }

    /// The form of a token request for `grant`: the grant's fields, then ``fields``.
    package func tokenForm(_ grant: OAuthGrant) -> [(name: String, value: String)] { grant.fields + fields }
}
