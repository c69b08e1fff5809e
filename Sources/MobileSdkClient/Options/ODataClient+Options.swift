extension ODataClient {
    /// A client for the same service, credentials and transport whose requests run as another user (Dataverse), or
    /// as the signed-in user when `impersonation` is nil:
    /// `try await client.impersonating(.entraObjectID(userId)).create(contact)`.
    public func impersonating(_ impersonation: Impersonation?) -> ODataClient {
        var configuration = configuration
        configuration.impersonating = impersonation
        return ODataClient(configuration)
    }

    /// A client for the same service, credentials and transport that asks for other preferences:
    /// `client.preferring { $0.maximumPageSize = 500 }.retrieveAll(query)`. It shares this client's CSRF token and
    /// session cookies.
    public func preferring(_ change: (inout Preferences) -> Void) -> ODataClient {
        var configuration = configuration
        change(&configuration.preferences)
        return ODataClient(configuration, csrfSession: csrfSession)
    }
}
