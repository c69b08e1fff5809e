import Foundation
import ServiceAccess

/// An OAuth 2.0 sign-in resolved from the options: the client credentials grant (RFC 6749 §4.4) on every run, or the
/// device authorization grant (RFC 8628) through the token cache, refreshing an expired token before asking the user
/// again. Client credentials are not cached: the secret is at hand on every run, one request costs little, and an
/// application's token (often broader than a user's) then never rests on disk.
struct OAuthSignIn {
    enum Grant {
        case clientCredentials(secretVariable: String)
        case deviceCode(authorizationURL: URL)
    }

    var grant: Grant
    var clientID: String
    var tokenURL: URL
    /// The scopes and resource asked for.
    var access: RequestedAccess
    /// The token cache file, nil when off.
    var cacheFile: URL?

    /// A bearer access token, and whether it is the token cache's access token as stored. Without
    /// `reusingCachedToken` the cached access token is passed over (its refresh token still serves).
    func accessToken(timeout: TimeInterval, reusingCachedToken: Bool = true) async throws -> (
        value: String, isCached: Bool
    ) {
        let downloader = MetadataDownloader(timeout: timeout)
        switch grant {
        case .clientCredentials(let variable):
            guard
                let secret = ProcessInfo.processInfo.environment[variable]?
                    .trimmingCharacters(in: .whitespacesAndNewlines), !secret.isEmpty
            else { throw FetchError("--client-secret-env: the environment variable \(variable) is not set or empty") }
            let client = OAuthTokenClient(client: .confidential(id: clientID, secret: secret), downloader: downloader)
            switch try await client.post(
                tokenURL,
                form: access.tokenForm(.clientCredentials),
                as: IssuedTokens.self,
                endpoint: "token endpoint"
            ) {
            case .success(let token): return (try Self.usable(token), false)
            case .failure(let error):
                let hint = error.code == "invalid_client" ? " (check --client-id and the secret in \(variable))" : ""
                throw FetchError("the token endpoint refused the client credentials: \(error.shown)\(hint)")
            }
        case .deviceCode(let authorizationURL):
            let client = OAuthTokenClient(client: .publicClient(id: clientID), downloader: downloader)
            let cache = cacheFile.map(TokenCache.init(file:))
            let key = TokenCache.key(tokenURL: tokenURL, clientID: clientID, access: access)
            if let cache, let entry = cache.entry(key) {
                if reusingCachedToken, entry.isFresh() { return (try Self.usable(entry.accessToken), true) }
                if let refreshToken = entry.refreshToken, let token = try await refresh(refreshToken, with: client) {
                    let accessToken = try Self.usable(token)
                    store(token, previousRefreshToken: refreshToken, in: cache, key: key)
                    return (accessToken, false)
                }
            }
            let token = try await DeviceAuthorization(
                tokens: client,
                authorizationURL: authorizationURL,
                tokenURL: tokenURL,
                access: access
            )
            .signIn()
            let accessToken = try Self.usable(token)
            if let cache { store(token, previousRefreshToken: nil, in: cache, key: key) }
            return (accessToken, false)
        }
    }

    /// New tokens for a cached refresh token, or nil when the server no longer takes it (the user signs in again).
    private func refresh(_ refreshToken: String, with client: OAuthTokenClient) async throws -> IssuedTokens? {
        let form = access.tokenForm(.refreshToken(refreshToken))
        switch try await client.post(tokenURL, form: form, as: IssuedTokens.self, endpoint: "token endpoint") {
        case .success(let token): return token
        case .failure(let error):
            FileHandle.standardError.write(
                Data("The cached sign-in could not be renewed (\(error.code)); signing in again.\n".utf8)
            )
            return nil
        }
    }

    /// Keeps `token` for the next run; a failure only warns, since the fetch itself can go on.
    private func store(_ token: IssuedTokens, previousRefreshToken: String?, in cache: TokenCache, key: String) {
        let entry = TokenCache.Entry(
            accessToken: token.accessToken,
            refreshToken: token.refreshToken ?? previousRefreshToken,
            expiresAt: Date().addingTimeInterval(token.expiresIn ?? 0)
        )
        do { try cache.store(entry, for: key) } catch let error as FetchError {
            FileHandle.standardError.write(Data("warning: the sign-in is not cached: \(error.description)\n".utf8))
        } catch { FileHandle.standardError.write(Data("warning: the sign-in is not cached\n".utf8)) }
    }

    /// The access token of a bearer token response.
    private static func usable(_ token: IssuedTokens) throws -> String {
        if let type = token.tokenType, type.lowercased() != "bearer" {
            throw FetchError(
                "the token endpoint issued a token of type \(type.prefix(20)); fetch sends bearer tokens only"
            )
        }
        return try usable(token.accessToken)
    }

    /// `token`, when it can go into a header.
    private static func usable(_ token: String) throws -> String {
        guard !token.isEmpty, token.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            throw FetchError("the token endpoint sent an access token that cannot be sent in a header (not shown)")
        }
        return token
    }
}
