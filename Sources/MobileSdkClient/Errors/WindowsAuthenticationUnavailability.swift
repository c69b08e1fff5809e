extension ODataClientError {
    /// Why ``WindowsAuthentication`` cannot sign a request in
    /// (``ODataClientError/windowsAuthenticationUnavailable(reason:request:)``).
    public enum WindowsAuthenticationUnavailability: Sendable, Hashable {
        /// The service answered 401 asking for NTLM or Negotiate, which URLSession on this platform cannot answer:
        /// FoundationNetworking (Linux) raises no such challenge. Apple platforms can.
        case unsupportedPlatform
        /// The transport signs another Windows user in to the service's host: NTLM signs in connections, which the
        /// transport reuses, so one transport serves one user per host. Give each user a transport of their own.
        case anotherUserSignedIn

        /// Words for logs.
        var summary: String {
            switch self {
            case .unsupportedPlatform:
                "the service asks for NTLM or Negotiate, which URLSession on this platform does not answer"
            case .anotherUserSignedIn: "the transport signs another Windows user in to this host"
            }
        }
    }
}
