import Foundation
import ServiceAccess
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Binds the request's Windows credential (``WindowsAuthentication``) to its origin in this transport's session,
    /// whose NTLM and Negotiate challenges it then answers; throws when another user's is bound there.
    func bindWindowsCredential(of request: HTTPRequest) throws {
        guard let credential = request.windowsCredential else { return }
        guard delegate.bindWindowsCredential(credential, to: request.url) else {
            throw ODataClientError.windowsAuthenticationUnavailable(
                reason: .anotherUserSignedIn,
                request: request.summary
            )
        }
    }

    /// `response`, unless it is a 401 asking for NTLM or Negotiate that URLSession could not answer on this platform
    /// although the request had a Windows credential: that throws, its body file removed.
    static func checkWindowsAnswer(_ response: HTTPResponse, to request: HTTPRequest) throws -> HTTPResponse {
        guard request.windowsCredential != nil, !ServiceSessionDelegate.answersWindowsChallenges,
            response.statusCode == 401, WindowsChallenge.isOffered(in: response[header: "WWW-Authenticate"])
        else { return response }
        if let file = response.bodyFile { try? FileManager.default.removeItem(at: file) }
        throw ODataClientError.windowsAuthenticationUnavailable(reason: .unsupportedPlatform, request: request.summary)
    }
}
