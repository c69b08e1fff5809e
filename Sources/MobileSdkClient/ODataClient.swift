import Foundation
import ServiceAccess
import MobileSdk
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An async client for an OData service: creates, reads, updates and deletes entities of generated classes (or
/// late-bound `Entity`), follows next links, runs FetchXML, actions, functions and `$batch`.
///
/// Credentials go only to the service root's host, over https unless the host is this machine or
/// ``Configuration/allowsInsecureHTTP`` is set.
public final class ODataClient: Sendable {
    /// How to reach and talk to the service.
    public struct Configuration: Sendable {
        /// The service root, e.g. `https://contoso.crm.dynamics.com/api/data/v9.2/`.
        public var serviceRoot: URL
        /// The OData version the service speaks (`.v4` unless given), which the headers, keys and JSON follow.
        public var version: ODataVersion
        /// Adds credentials to every request (none unless given), and is asked again with `refresh` after a 401.
        public var authentication: any AuthenticationProvider
        /// Sends the requests: ``URLSessionTransport`` unless given, a recorded exchange in tests.
        public var transport: any HTTPTransport
        /// When throttled requests (429, 503) and repeatable requests whose connection dropped are tried again; an
        /// unreachable host fails at once unless ``RetryPolicy/retriesUnreachable`` is set.
        public var retryPolicy: RetryPolicy
        /// Allows plain http to hosts other than this machine (a trusted network only).
        public var allowsInsecureHTTP: Bool
        /// The classes results are decoded into.
        public var registry: EntityRegistry
        /// Asks for Int64 and Decimal values as strings and sends them so (`IEEE754Compatible=true`).
        public var ieee754Compatible: Bool
        /// What to ask for in the `Prefer` header (OData v4): annotations, page size, `return=…`.
        public var preferences: Preferences
        /// The user requests run as (Dataverse impersonation), sent on every request the client builds for its
        /// service root, `$batch` and its parts included; nil for the signed-in user.
        public var impersonating: Impersonation?
        /// The namespace of a late-bound entity's `@odata.type` in action parameters when no class is registered for
        /// its logical name: `"Microsoft.Dynamics.CRM"` for Dataverse.
        public var typeNamespace: String?
        /// The service's CSRF protection (SAP Gateway's `X-CSRF-Token`), nil for none.
        public var csrfProtection: CSRFProtection?
        /// Query parameters every request the client builds carries unless its URL already has them, in this order:
        /// SAP Gateway's `sap-client` (the system's client, e.g. `100`) and `sap-language`, for instance.
        public var fixedQueryParameters: [URLQueryItem] = []
        /// The size of the parts streams are downloaded in (range requests, where the service supports them) and
        /// Dataverse files are uploaded in above that size (the service's `x-ms-chunk-size` wins): 4 MiB.
        public var transferBlockSize: Int = 4 << 20
        /// Code between the client and the transport, in order, the first outermost: it sees every attempt of
        /// every request, with its credentials, and each response (``ODataClientMiddleware``).
        public var middlewares: [any ODataClientMiddleware] = []

        /// Instance annotations to ask for (`Prefer: odata.include-annotations`), e.g. `"*"` for Dataverse's formatted
        /// values and lookup names; ``Preferences/includeAnnotations`` of ``preferences``.
        public var includeAnnotations: String? {
            get { preferences.includeAnnotations }
            set { preferences.includeAnnotations = newValue }
        }

        /// The page size to ask for (`Prefer: odata.maxpagesize`); ``Preferences/maximumPageSize`` of ``preferences``.
        public var maximumPageSize: Int? {
            get { preferences.maximumPageSize }
            set { preferences.maximumPageSize = newValue }
        }

        /// Creates a configuration for `serviceRoot` (a missing trailing `/` is added). `includeAnnotations` and
        /// `maximumPageSize` set ``preferences``; the other parameters set the properties of the same name.
        public init(
            serviceRoot: URL,
            version: ODataVersion = .v4,
            authentication: any AuthenticationProvider = NoAuthentication(),
            transport: any HTTPTransport = URLSessionTransport(),
            retryPolicy: RetryPolicy = RetryPolicy(),
            allowsInsecureHTTP: Bool = false,
            registry: EntityRegistry = .shared,
            ieee754Compatible: Bool = false,
            includeAnnotations: String? = nil,
            maximumPageSize: Int? = nil,
            impersonating: Impersonation? = nil,
            typeNamespace: String? = nil,
            csrfProtection: CSRFProtection? = nil
        ) {
            self.serviceRoot = serviceRoot.withTrailingSlash
            self.version = version
            self.authentication = authentication
            self.transport = transport
            self.retryPolicy = retryPolicy
            self.allowsInsecureHTTP = allowsInsecureHTTP
            self.registry = registry
            self.ieee754Compatible = ieee754Compatible
            self.preferences = Preferences(includeAnnotations: includeAnnotations, maximumPageSize: maximumPageSize)
            self.impersonating = impersonating
            self.typeNamespace = typeNamespace
            self.csrfProtection = csrfProtection
        }

        /// Dataverse's Web API: OData v4 with every annotation (formatted values, lookup names), late-bound entities
        /// typed in `Microsoft.Dynamics.CRM`, and requests run as `impersonating` when given.
        public static func dataverse(
            serviceRoot: URL,
            authentication: any AuthenticationProvider,
            impersonating: Impersonation? = nil
        ) -> Configuration {
            Configuration(
                serviceRoot: serviceRoot,
                authentication: authentication,
                includeAnnotations: "*",
                impersonating: impersonating,
                typeNamespace: "Microsoft.Dynamics.CRM"
            )
        }

        /// An SAP Gateway (or S/4HANA) OData service, OData v2 unless `version` says otherwise
        /// (`/sap/opu/odata/sap/…_SRV/` is v2, `/sap/opu/odata4/…` v4), with its CSRF protection:
        /// modifying requests carry the `X-CSRF-Token` and session cookies of a GET of the service document. With
        /// `sapClient` (and `sapLanguage`), every request names the system's client (`sap-client=100`) and logon
        /// language.
        public static func sapGateway(
            serviceRoot: URL,
            version: ODataVersion = .v2,
            authentication: any AuthenticationProvider,
            sapClient: String? = nil,
            sapLanguage: String? = nil
        ) -> Configuration {
            var configuration = Configuration(
                serviceRoot: serviceRoot,
                version: version,
                authentication: authentication,
                csrfProtection: .sapGateway
            )
            if let sapClient {
                configuration.fixedQueryParameters.append(URLQueryItem(name: "sap-client", value: sapClient))
            }
            if let sapLanguage {
                configuration.fixedQueryParameters.append(URLQueryItem(name: "sap-language", value: sapLanguage))
            }
            return configuration
        }
    }

    /// The settings the client was created with; ``impersonating(_:)`` and ``preferring(_:)`` make clients with
    /// changed copies.
    public let configuration: Configuration
    let decoder: ODataJSONDecoder
    let encoder: ODataJSONEncoder
    /// The CSRF token and session cookies, when ``Configuration/csrfProtection`` is set.
    let csrfSession: CSRFSession

    /// Creates a client for the service `configuration` describes, with its own CSRF token and session cookies.
    public convenience init(_ configuration: Configuration) { self.init(configuration, csrfSession: CSRFSession()) }

    /// A client that shares another's CSRF token and session cookies.
    init(_ configuration: Configuration, csrfSession: CSRFSession) {
        self.configuration = configuration
        self.csrfSession = csrfSession
        decoder = ODataJSONDecoder(version: configuration.version, registry: configuration.registry)
        encoder = ODataJSONEncoder(
            version: configuration.version,
            ieee754Compatible: configuration.ieee754Compatible,
            registry: configuration.registry,
            typeNamespace: configuration.typeNamespace
        )
    }

    /// A client for `serviceRoot` with the other settings at their defaults.
    public convenience init(
        serviceRoot: URL,
        version: ODataVersion = .v4,
        authentication: any AuthenticationProvider = NoAuthentication()
    ) { self.init(Configuration(serviceRoot: serviceRoot, version: version, authentication: authentication)) }

    /// The OData version the service speaks: ``Configuration/version``.
    public var version: ODataVersion { configuration.version }

    /// The service root requests are built against: ``Configuration/serviceRoot``.
    public var serviceRoot: URL { configuration.serviceRoot }

    // MARK: Requests

    /// A request for a path relative to the service root (or an absolute URL on its host), with the OData headers,
    /// the `Prefer` of `preferences` (the configuration's unless given) and the impersonation header.
    func request(_ method: String, _ path: String, body: Data? = nil, preferences: Preferences? = nil) throws
        -> HTTPRequest
    {
        let url = withFixedQueryParameters(try resolve(path))
        var request = HTTPRequest(method: method, url: url, body: body)
        let json =
            configuration.ieee754Compatible && version == .v4
            ? "application/json;IEEE754Compatible=true" : "application/json"
        request[header: "Accept"] = json
        switch version {
        case .v4:
            request[header: "OData-Version"] = "4.0"
            request[header: "OData-MaxVersion"] = "4.0"
        case .v2:
            request[header: "DataServiceVersion"] = "2.0"
            request[header: "MaxDataServiceVersion"] = "2.0"
        }
        if body != nil { request[header: "Content-Type"] = json }
        if version == .v4 {
            request[header: "Prefer"] = (preferences ?? configuration.preferences).headerValue(method: method)
        }
        // Only to the service root's origin: `resolve` refused any other.
        if let impersonation = configuration.impersonating {
            request[header: impersonation.headerName] = impersonation.headerValue
        }
        return request
    }

    /// `url` with the ``Configuration/fixedQueryParameters`` it lacks appended.
    private func withFixedQueryParameters(_ url: URL) -> URL {
        guard !configuration.fixedQueryParameters.isEmpty,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return url }
        let present = Set((components.queryItems ?? []).map(\.name))
        let missing = configuration.fixedQueryParameters.filter { !present.contains($0.name) }
        guard !missing.isEmpty else { return url }
        let encoded = missing.map { URLText.query($0.name) + "=" + URLText.query($0.value ?? "") }
            .joined(separator: "&")
        components.percentEncodedQuery = components.percentEncodedQuery.map { $0 + "&" + encoded } ?? encoded
        return components.url ?? url
    }

    /// Whether `link` (absolute, or relative to the service root) leads into this client's service: the same
    /// scheme, host and port as its root, under the root's path (`CredentialRules.isWithin(_:serviceRoot:)`).
    package func isWithinServiceRoot(_ link: String) -> Bool {
        CredentialRules.isWithin(link, serviceRoot: configuration.serviceRoot)
    }

    /// `path` against the service root; an absolute URL must be on the service root's host.
    func resolve(_ path: String) throws -> URL {
        let root = configuration.serviceRoot
        guard let url = URL(string: path, relativeTo: root)?.absoluteURL else {
            throw ODataClientError.invalidRequest("'\(path)' is not a valid URL path")
        }
        guard CredentialRules.isSameOrigin(url, as: root) else {
            throw ODataClientError.foreignHost(url: url.absoluteString, request: "GET \(root.absoluteString)")
        }
        return url
    }

    /// Sends with credentials, asking for new ones once after a 401, and retrying as the policy allows. Throws
    /// ``ODataServiceError`` for error statuses.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await exchange(request) { transport, request in try await transport.send(request) }
    }

    /// ``send(_:)`` for a protocol of another kind over the client's rules (origin, credentials, retries,
    /// middleware): an error status whose response `isAnswer` recognizes as the protocol's own answer — a SOAP fault
    /// comes with status 500 — is returned rather than thrown, its body read.
    public func send(_ request: HTTPRequest, answering isAnswer: @Sendable (HTTPResponse) -> Bool) async throws
        -> HTTPResponse
    { try await exchange(request, answering: isAnswer) { transport, request in try await transport.send(request) } }

    /// ``send(_:)``'s rules (origin, credentials, CSRF token, retries, errors) around one exchange with the
    /// transport: a plain send, a download or an upload. A response not returned has its ``HTTPResponse/bodyFile``
    /// removed; an error status's is read for the error.
    func exchange(
        _ request: HTTPRequest,
        answering isAnswer: (HTTPResponse) -> Bool = { _ in false },
        _ perform: (any HTTPTransport, HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard configuration.allowsInsecureHTTP || CredentialRules.isSecure(request.url) else {
            throw ODataClientError.insecureURL(request.url.absoluteString)
        }
        guard CredentialRules.isSameOrigin(request.url, as: configuration.serviceRoot) else {
            throw ODataClientError.foreignHost(url: request.url.absoluteString, request: request.summary)
        }
        let policy = configuration.retryPolicy
        let idempotent = ["GET", "HEAD", "PUT", "PATCH", "DELETE"].contains(request.method)
        var attempt = 0
        var refreshed = false
        // Only the attempt right after a 401 asks for new credentials; later retries use them as they are.
        var refreshNow = false
        let csrf = configuration.csrfProtection
        let needsToken = csrf?.protects(method: request.method) ?? false
        var csrfRefreshed = false
        while true {
            try Task.checkCancellation()
            var authenticated = request
            var token: String?
            if let csrf {
                if needsToken {
                    token = try await csrfSession.token { [self] in try await fetchCSRFToken(csrf) }
                    authenticated[header: csrf.headerName] = token
                }
                // Only to the service root's origin: checked above.
                authenticated[header: "Cookie"] = await csrfSession.cookieHeader
            }
            try await configuration.authentication.authenticate(&authenticated, refresh: refreshNow)
            refreshNow = false
            let response: HTTPResponse
            do {
                response = try await intercepted(authenticated, configuration.middlewares[...]) { request in
                    // A middleware may change the request, but not send it, and its credentials, elsewhere.
                    guard CredentialRules.isSameOrigin(request.url, as: configuration.serviceRoot) else {
                        throw ODataClientError.foreignHost(url: request.url.absoluteString, request: request.summary)
                    }
                    return try await perform(configuration.transport, request)
                }
            } catch let error as URLError {
                if error.code == .cancelled { throw CancellationError() }
                let unreachable = ODataClientError.unreachable(error, request: request.summary)
                // An unreachable host fails at once: nothing was sent, and an offline app carries on with its data.
                let retried = unreachable == nil ? idempotent && Self.isTransient(error) : policy.retriesUnreachable
                guard retried, attempt < policy.maximumRetries else { throw unreachable ?? error }
                try await policy.sleep(policy.backoff(attempt: attempt))
                attempt += 1
                continue
            }
            if csrf != nil { await csrfSession.remember(response) }
            if needsToken, !csrfRefreshed, let csrf, csrf.demandsToken(response) {
                Self.discardBodyFile(of: response)
                csrfRefreshed = true
                await csrfSession.invalidate(token)
                continue
            }
            if (200..<300).contains(response.statusCode) || response.statusCode == 304 { return response }
            let failed = Self.loadingBodyFile(of: response)
            switch failed.statusCode {
            // A Windows password is fixed, and another try would count toward the account's lockout.
            case 401 where !refreshed && authenticated.windowsCredential == nil:
                refreshed = true
                refreshNow = true
            case 429, 503:
                guard
                    let delay = policy.throttling.delay(
                        status: failed.statusCode,
                        retryAfter: failed[header: "Retry-After"],
                        attempt: attempt
                    )
                else { throw ODataServiceError(response: failed, request: request) }
                try await policy.sleep(delay)
                attempt += 1
            case 300..<400:
                throw ODataClientError.redirected(
                    status: failed.statusCode,
                    location: failed[header: "Location"],
                    request: request.summary
                )
            default:
                if isAnswer(failed) { return failed }
                throw ODataServiceError(response: failed, request: request)
            }
        }
    }

    /// `request` through `middlewares` in order, then `send`.
    private func intercepted(
        _ request: HTTPRequest,
        _ middlewares: ArraySlice<any ODataClientMiddleware>,
        send: (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard let first = middlewares.first else { return try await send(request) }
        return try await first.intercept(request) { request in
            try await intercepted(request, middlewares.dropFirst(), send: send)
        }
    }

    /// A client like this one that sends `headers` with every request as well (the last middleware): for a call
    /// or a few, `try await client.adding(.bypassCustomPluginExecution).create(account)`. It shares this client's
    /// transport, credentials and CSRF session.
    public func adding(_ headers: RequestHeaders) -> ODataClient {
        var configuration = configuration
        configuration.middlewares.append(headers)
        return ODataClient(configuration, csrfSession: csrfSession)
    }

    /// The token a GET of ``CSRFProtection/fetchPath`` with `X-CSRF-Token: Fetch` hands out; nil when the service
    /// sends none (it is then not asked again until it demands one).
    private func fetchCSRFToken(_ protection: CSRFProtection) async throws -> String? {
        let path = protection.fetchPath.isEmpty ? configuration.serviceRoot.absoluteString : protection.fetchPath
        var fetch = try request("GET", path)
        fetch[header: protection.headerName] = "Fetch"
        return try await send(fetch)[header: protection.headerName]
    }

    /// Removes the file a response's body went to.
    static func discardBodyFile(of response: HTTPResponse) {
        if let file = response.bodyFile { try? FileManager.default.removeItem(at: file) }
    }

    /// The response with the start of its body file (an error's description) as its body, and the file removed.
    static func loadingBodyFile(of response: HTTPResponse) -> HTTPResponse {
        guard let file = response.bodyFile else { return response }
        var loaded = response
        loaded.bodyFile = nil
        if let handle = try? FileHandle(forReadingFrom: file) {
            loaded.body = (try? handle.read(upToCount: 1 << 20)) ?? Data()
            try? handle.close()
        }
        discardBodyFile(of: response)
        return loaded
    }

    /// Failures of a connection that reached, or may have reached, the service, worth another try of a request
    /// that is safe to repeat: a dropped connection, a timeout. An unreachable host is not one of them
    /// (``ODataClientError/Unreachability``).
    private static func isTransient(_ error: URLError) -> Bool {
        [.networkConnectionLost, .timedOut].contains(error.code)
    }

    /// Decodes, turning payload errors into ``ODataClientError/invalidResponse(_:request:)``.
    /// ``decoding(_:_:)`` away from the caller's actor, so that decoding a large page does not hold up the main actor;
    /// the entities it returns are referenced by nothing else, so they can join the caller's.
    @concurrent func decodingConcurrently<Result>(_ request: HTTPRequest, _ body: @Sendable () throws -> sending Result)
        async throws -> sending Result
    { try decoding(request, body) }

    func decoding<Result>(_ request: HTTPRequest, _ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let error as JSONPayloadError {
            throw ODataClientError.invalidResponse(error, request: request.summary)
        }
    }
}
