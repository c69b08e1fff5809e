import Foundation

/// One client's CSRF token and session cookies (``ODataClient/CSRFProtection``): fetched once however many
/// modifying requests ask at the same time, dropped when the service demands a new one.
actor CSRFSession {
    /// The token, or nil when the service handed out none; a fetch under way is shared by everyone who asks.
    private enum State {
        case none
        case fetching(Task<String?, any Error>)
        case fetched(String?)
    }

    private var state = State.none
    /// Cookies by name, in the order they were first set.
    private var cookies: [(name: String, value: String)] = []

    /// The token, fetched with `fetch` when there is none yet.
    func token(fetchingWith fetch: @escaping @Sendable () async throws -> String?) async throws -> String? {
        switch state {
        case .fetched(let token): return token
        case .fetching(let task): return try await task.value
        case .none:
            let task = Task { try await fetch() }
            state = .fetching(task)
            do {
                let token = try await task.value
                state = .fetched(token)
                return token
            } catch {
                state = .none
                throw error
            }
        }
    }

    /// Forgets `token` and the cookies that went with it, unless another request has fetched a new one since.
    func invalidate(_ token: String?) {
        if case .fetched(let current) = state, current == token {
            state = .none
            cookies = []
        }
    }

    /// The `Cookie` header value for the service, nil without cookies.
    var cookieHeader: String? {
        cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Keeps the cookies a response from the service sets.
    func remember(_ response: HTTPResponse) {
        guard let header = response[header: "Set-Cookie"] else { return }
        for (name, value) in Self.cookies(inSetCookie: header) {
            if let index = cookies.firstIndex(where: { $0.name == name }) {
                cookies[index].value = value
            } else {
                cookies.append((name, value))
            }
        }
    }

    /// The name and value of each cookie in a `Set-Cookie` value, attributes dropped. Several `Set-Cookie` fields
    /// arrive joined by commas, and an `Expires` date has a comma too: a piece whose text before `;` has no `=`
    /// continues the cookie before it.
    static func cookies(inSetCookie header: String) -> [(name: String, value: String)] {
        var joined: [String] = []
        for piece in header.split(separator: ",", omittingEmptySubsequences: false) {
            let beforeAttributes = piece.prefix { $0 != ";" }
            if beforeAttributes.contains("=") || joined.isEmpty {
                joined.append(String(piece))
            } else {
                joined[joined.count - 1] += "," + piece
            }
        }
        return joined.compactMap { cookie in
            let pair = cookie.prefix { $0 != ";" }
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : (name, value)
        }
    }
}
