import Foundation
import MobileSdkClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The user's browser for the sign-in tests: opens the authorization page, keeps the server's session cookie between
/// sign-ins as a browser does, picks the account when the server shows its account page, and follows the redirect to
/// the app's loopback listener. It records each request's `prompt`.
actor TestBrowser {
    private var cookie: String?
    private(set) var prompts: [String?] = []

    nonisolated var presenter: LoopbackPresenter {
        LoopbackPresenter(timeout: 50) { url in try await self.open(url) }
    }

    private func open(_ url: URL) async throws {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        prompts.append(query.first { $0.name == "prompt" }?.value)
        var response = try await send(HTTPRequest(method: "GET", url: url))
        if response.statusCode == 200 {
            var choice = HTTPRequest(method: "POST", url: url, body: Data("account=test-user".utf8))
            choice[header: "Content-Type"] = "application/x-www-form-urlencoded"
            response = try await send(choice)
        }
        guard response.statusCode == 302, let location = response[header: "Location"],
              let redirect = URL(string: location) else {
            throw URLError(.badServerResponse)
        }
        Task.detached { _ = try? await URLSession.shared.data(from: redirect) }
    }

    private func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        if let cookie { request[header: "Cookie"] = cookie }
        let response = try await URLSessionTransport().send(request)
        if let setCookie = response[header: "Set-Cookie"], let pair = setCookie.split(separator: ";").first {
            cookie = String(pair)
        }
        return response
    }
}
