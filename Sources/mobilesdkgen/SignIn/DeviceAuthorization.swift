import Foundation
import ServiceAccess

/// The device authorization grant (RFC 8628) on a terminal: asks for a user code, tells the user on standard error
/// where to enter it, then polls the token endpoint at the interval the server gives until the user has signed in,
/// declined, or the code expired. The device code itself is never shown; Ctrl-C simply ends the wait.
struct DeviceAuthorization {
    var tokens: OAuthTokenClient
    var authorizationURL: URL
    var tokenURL: URL
    /// The scopes and resource asked for: both in the device authorization request, the resource again in each poll.
    var access: RequestedAccess

    /// Signs the user in; the token endpoint's answer.
    func signIn() async throws -> IssuedTokens {
        let started = Date()
        let codes: DeviceAuthorizationResponse
        let answer = try await tokens.post(
            authorizationURL,
            form: access.fields,
            as: DeviceAuthorizationResponse.self,
            endpoint: "device authorization endpoint"
        )
        switch answer {
        case .success(let answer): codes = answer
        case .failure(let error):
            throw FetchError("the device authorization endpoint refused the request: \(error.shown)")
        }
        let deadline = started.addingTimeInterval(codes.expiresIn)
        Self.tell(codes)

        var interval = max(codes.interval, 1)
        while true {
            guard Date().addingTimeInterval(interval) < deadline else {
                throw FetchError(
                    """
                    the sign-in was not completed within \(Self.duration(codes.expiresIn)); \
                    run fetch again to get a new code
                    """
                )
            }
            try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            let form = RequestedAccess(resource: access.resource).tokenForm(.deviceCode(codes.deviceCode))
            switch try await tokens.post(tokenURL, form: form, as: IssuedTokens.self, endpoint: "token endpoint") {
            case .success(let token):
                FileHandle.standardError.write(Data("Signed in.\n".utf8))
                return token
            case .failure(let error):
                switch error.code {
                case "authorization_pending": continue
                case "slow_down": interval += 5
                case "expired_token":
                    throw FetchError(
                        "the code expired before the sign-in was completed; run fetch again to get a new code"
                    )
                case "access_denied", "authorization_declined":
                    throw FetchError("the sign-in was declined (\(error.code)); nothing was fetched")
                default: throw FetchError("the token endpoint refused the sign-in: \(error.shown)")
                }
            }
        }
    }

    /// Where to go and the code to enter, on standard error (standard output stays for what `fetch` did).
    private static func tell(_ codes: DeviceAuthorizationResponse) {
        var text =
            "To sign in, open \(printable(codes.verificationURI)) and enter the code \(printable(codes.userCode))\n"
        if let complete = codes.verificationURIComplete {
            text += "  (or open \(printable(complete)), which holds the code)\n"
        }
        text += "Waiting for the sign-in (the code expires in \(duration(codes.expiresIn)); Ctrl-C cancels)...\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `text` without control characters, so that a server cannot drive the terminal.
    private static func printable(_ text: String) -> String {
        let shown = text.unicodeScalars.filter {
            $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value)
        }
        return String(shown.map(Character.init))
    }

    private static func duration(_ seconds: Double) -> String {
        seconds >= 120 ? "\(Int(seconds / 60)) minutes" : "\(Int(seconds)) seconds"
    }
}
