/// Code that stands between the client and its transport: it sees each request as it goes out — every attempt, with
/// its credentials — and the response that comes back, and may change either, answer in the transport's place (a
/// test double), or measure. ``ODataClient/Configuration/middlewares`` run in order, the first outermost.
///
/// ```swift
/// struct Timing: ODataClientMiddleware {
///     func intercept(
///         _ request: HTTPRequest,
///         next: (HTTPRequest) async throws -> HTTPResponse
///     ) async throws -> HTTPResponse {
///         let start = ContinuousClock.now
///         defer { print(request.method, ContinuousClock.now - start) }
///         return try await next(request)
///     }
/// }
/// ```
///
/// A request a middleware sends must stay on the service root's host: the client refuses it otherwise, so that
/// credentials go nowhere else.
public protocol ODataClientMiddleware: Sendable {
    /// Passes `request` on with `next` (changed or not, once, more than once, or not at all) and returns the
    /// response.
    func intercept(_ request: HTTPRequest, next: (HTTPRequest) async throws -> HTTPResponse) async throws
        -> HTTPResponse
}
