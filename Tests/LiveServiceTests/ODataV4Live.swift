import Testing

/// The suites that use the real OData v4 server, one at a time: `ResetDataSource` empties it, so no other test may
/// be running against it then.
@Suite(.enabled(if: LiveServers.v4 != nil || LiveServers.required, LiveServers.skipMessage), .serialized)
enum ODataV4Live {}
