import Foundation
import MobileSdkClient

extension InMemoryService {
    /// How a request is made to fail.
    public enum Failure: Sendable, Hashable {
        /// The service answers with this error status (an `ODataServiceError`): 400 for a change it refuses, 412 for
        /// a conflict, 500 for its own failure.
        case status(Int)
        /// The service answers 429 Too Many Requests, asking to wait this many seconds (`Retry-After`), or naming no
        /// wait: the request is tried again as ``InMemoryService/retryPolicy`` says, else fails with the 429.
        case throttled(retryAfter: TimeInterval?)
        /// The service cannot be reached (`ODataClientError.unreachable`): nothing reaches it.
        case unreachable
        /// The service makes the change, then the connection drops before its answer arrives (`URLError`
        /// `.networkConnectionLost`): the store does not know the change's fate.
        case answerLost
    }

    /// A failure waiting for the requests it matches.
    struct ScriptedFailure {
        var failure: Failure
        var remaining: Int
        var matches: @Sendable (Request) -> Bool
    }

    /// Makes the next `times` requests that `matches` accepts (every request, unless given) fail with `failure`,
    /// failures scripted earlier first.
    ///
    /// ```swift
    /// service.fail(.status(400), where: { $0.kind == .create })
    /// service.fail(.throttled(retryAfter: 2))
    /// ```
    public func fail(
        _ failure: Failure,
        times: Int = 1,
        where matches: @escaping @Sendable (Request) -> Bool = { _ in true }
    ) { locked { failures.append(ScriptedFailure(failure: failure, remaining: times, matches: matches)) } }

    /// Records `request` and answers it with `answer` (run with the records locked), unless a failure is scripted
    /// for it or the service is unreachable; a throttled request is tried again as ``retryPolicy`` says.
    nonisolated(nonsending) func handle<Answer>(_ request: Request, _ answer: () throws -> Answer) async throws
        -> Answer
    {
        var attempt = 0
        let summary = request.description
        while true {
            let failure: Failure? = locked {
                seen.append(request)
                guard reachable else { return .unreachable }
                guard let index = failures.firstIndex(where: { $0.remaining > 0 && $0.matches(request) }) else {
                    return nil
                }
                failures[index].remaining -= 1
                return failures[index].failure
            }
            switch failure {
            case nil: return try locked(answer)
            case .unreachable?: throw ODataClientError.unreachable(reason: .offline, request: summary)
            case .answerLost?:
                _ = try locked(answer)
                throw URLError(.networkConnectionLost)
            case .status(let status)?:
                throw ODataServiceError(statusCode: status, code: "", message: "scripted failure", request: summary)
            case .throttled(let retryAfter)?:
                guard let delay = retryPolicy.throttling.delay(asked: retryAfter, attempt: attempt) else {
                    throw ODataServiceError(
                        statusCode: 429,
                        code: "",
                        message: "Too Many Requests",
                        request: summary,
                        retryAfter: retryAfter
                    )
                }
                try await retryPolicy.sleep(delay)
                attempt += 1
            }
        }
    }
}
