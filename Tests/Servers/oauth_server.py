#!/usr/bin/env python3
"""An OAuth 2.0 authorization server and protected resource for the tests of `mobilesdkgen fetch`.

Built on Authlib's own grant classes and endpoints (Flask integration), everything in memory,
on 127.0.0.1 (AUTHLIB_INSECURE_TRANSPORT is set: plain http on loopback only):

  POST /oauth/token                  ClientCredentialsGrant, RefreshTokenGrant (rotating: each
                                     refresh issues a new refresh token and revokes the old one)
                                     and DeviceCodeGrant (RFC 8628)
  POST /oauth/moved                  307 to /oauth/token on http://localhost:PORT (another host name)
  POST /oauth/device_authorization   DeviceAuthorizationEndpoint (interval --device-interval)
  GET  /device                       the verification page (open; the readiness check)
  POST /device/approve               user_code=..&approve=yes|no: the user's sign-in, standing in
                                     for a browser
  POST /device/slow-down             user_code=..: the next pending poll of that code is answered
                                     slow_down (the required interval grows by 5 s); a poll sooner
                                     than the required interval gets slow_down too
  POST /device/expire                user_code=..: the device code expires now (expired_token)
  GET  /oauth/authorize              AuthorizationCodeGrant with PKCE (RFC 7636, S256 only, required):
                                     the test user signs in and consents at once, so the answer is the
                                     302 to the redirect URI with code and state (or error=access_denied
                                     after POST /oauth/deny-next), setting a browser-session cookie;
                                     with that cookie and prompt=select_account or login, a 200 account
                                     page instead, whose form posts back (POST /oauth/authorize) to
                                     sign in; redirect URIs are loopback ones,
                                     http://127.0.0.1:ANY-PORT/callback (RFC 8252)
  POST /oauth/deny-next              the next authorization request is denied, as a user would
                                     (at /oauth/authorize; the AD FS routes leave it for it)
  GET  /odata/$metadata              SampleMetadata/TripPin.xml behind Authlib's ResourceProtector
                                     with a BearerTokenValidator over the tokens issued here
                                     (expired or revoked ones refused); needs the scope "odata"
  /adfs/oauth2/authorize, /adfs/oauth2/token, /adfs/oauth2/devicecode and /api/data/v9.0/$metadata
                                     the same as AD FS answers them, with its `resource`: adfs.py

Clients (ids and the secret come from the start script, fresh each start; the secret from the
file --client-secret-file names, never from the command line):
  --confidential-client ID  client credentials + refresh, client_secret_basic only
  --device-client ID        public (no secret), device code + refresh
  --short-client ID         public like --device-client, tokens living --short-lifetime seconds
  --app-client ID           public, authorization code with PKCE + refresh (an app's sign-in)

--request-log PATH: one line per request: time, method, path?query, status, grant_type, client
id, scope (spaces as +), the OAuth error if any, which kind of Authorization was sent, and the
`resource` of the form or query - never a secret, code or token.

Run by scripts/test-servers.sh; needs the pinned Authlib and Flask from that script's venv.
"""

import argparse
import base64
import hmac
import html
import urllib.parse
import os
import pathlib
import threading
import time
from wsgiref.simple_server import make_server

os.environ.setdefault("AUTHLIB_INSECURE_TRANSPORT", "1")  # loopback only: see main()

from authlib.common.security import generate_token  # noqa: E402
from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector  # noqa: E402
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants  # noqa: E402
from authlib.oauth2.rfc6750 import BearerTokenGenerator, BearerTokenValidator  # noqa: E402
from authlib.oauth2.rfc7636 import CodeChallenge  # noqa: E402
from authlib.oauth2.rfc8628 import (  # noqa: E402
    DEVICE_CODE_GRANT_TYPE, DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict)
from flask import Flask, Response, g, request  # noqa: E402

import adfs  # noqa: E402
from fetch_guard import RequestLog  # noqa: E402
from server_common import LoggingHandler, ThreadingServer, serve  # noqa: E402

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
USER = "test-user"
SESSION_COOKIE = "idp_session"
ACCOUNT_PAGE = """<!DOCTYPE html><title>Pick an account</title>
<form method="post" action="%s"><button name="account" value="test-user">test-user</button></form>
"""


class Client(ClientMixin):
    """A registered client: its grants, how it authenticates and how long its tokens live."""

    def __init__(self, client_id, secret, grant_types, lifetime):
        self.client_id = client_id
        self.secret = secret
        self.grant_types = grant_types
        self.lifetime = lifetime
        self.signs_in_users = "authorization_code" in grant_types

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope

    def check_redirect_uri(self, redirect_uri):
        # RFC 8252 7.3: a loopback redirect URI on any port.
        parts = urllib.parse.urlsplit(redirect_uri)
        return (self.signs_in_users and parts.scheme == "http" and parts.hostname == "127.0.0.1"
                and parts.path == "/callback")

    def check_client_secret(self, client_secret):
        return self.secret is not None and hmac.compare_digest(self.secret, client_secret)

    def check_endpoint_auth_method(self, method, endpoint):
        return method == ("client_secret_basic" if self.secret else "none")

    def check_response_type(self, response_type):
        return self.signs_in_users and response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type in self.grant_types


class Token(TokenMixin):
    """An issued access token and its refresh token."""

    def __init__(self, data, client, user):
        self.access_token = data["access_token"]
        self.refresh_token = data.get("refresh_token")
        self.scope = data.get("scope", "")
        self.expires_in = data.get("expires_in", 0)
        self.issued_at = time.time()
        self.client = client
        self.user = user
        self.revoked = False
        self.audience = g.get("adfs_resource")  # the resource an AD FS route issued it for, else None

    def check_client(self, client):
        return client.get_client_id() == self.client.get_client_id()

    def get_scope(self):
        return self.scope

    def get_expires_in(self):
        return self.expires_in

    def is_expired(self):
        return time.time() >= self.issued_at + self.expires_in

    def is_revoked(self):
        return self.revoked


class AuthorizationCode:
    """An issued authorization code, with the PKCE challenge it must be redeemed with."""

    def __init__(self, code, client_id, redirect_uri, scope, user, challenge, method, resource):
        self.code = code
        self.resource = resource
        self.client_id = client_id
        self.redirect_uri = redirect_uri
        self.scope = scope
        self.user = user
        self.code_challenge = challenge
        self.code_challenge_method = method
        self.expires_at = time.time() + 60

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope

    def get_auth_time(self):
        return None

    def get_nonce(self):
        return None


class Store:
    """Everything the server knows, in memory, behind one lock."""

    def __init__(self, clients, interval):
        self.lock = threading.Lock()
        self.clients = {c.client_id: c for c in clients}
        self.interval = interval
        self.tokens = {}            # access token -> Token
        self.refresh_tokens = {}    # refresh token -> Token
        self.devices = {}           # device code -> DeviceCredentialDict
        self.user_codes = {}        # user code -> device code
        self.user_grants = {}       # user code -> (user, approved)
        self.slow_down_once = set()  # user codes
        self.polls = {}             # device code -> {"last": time, "interval": seconds}
        self.codes = {}             # authorization code -> AuthorizationCode
        self.deny_next = False      # the next authorization request is denied
        self.browser_sessions = set()  # session cookies of browsers the test user signed in with


def build_app(store, metadata):
    app = Flask(__name__)
    server = AuthorizationServer()

    def save_token(data, req):
        token = Token(data, req.client, req.user)
        with store.lock:
            store.tokens[token.access_token] = token
            if token.refresh_token:
                store.refresh_tokens[token.refresh_token] = token

    server.init_app(app, query_client=store.clients.get, save_token=save_token)
    server.register_token_generator("default", BearerTokenGenerator(
        lambda **kw: generate_token(42), lambda **kw: generate_token(48),
        lambda client, grant_type: client.lifetime))

    class RefreshTokenGrant(grants.RefreshTokenGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "none"]
        INCLUDE_NEW_REFRESH_TOKEN = True

        def authenticate_refresh_token(self, refresh_token):
            with store.lock:
                token = store.refresh_tokens.get(refresh_token)
            return token if token and not token.revoked else None

        def authenticate_user(self, credential):
            return credential.user or USER

        def issue_token(self, user, refresh_token):
            # AD FS answers a refresh without a new refresh token: the one sent stays valid.
            if g.get("adfs_resource"):
                scope = self.request.scope or refresh_token.get_scope()
                return self.generate_token(user=user, scope=scope, include_refresh_token=False)
            return super().issue_token(user, refresh_token)

        def revoke_old_credential(self, credential):
            if g.get("adfs_resource"):
                return
            with store.lock:
                credential.revoked = True
                store.refresh_tokens.pop(credential.refresh_token, None)

    class DeviceGrant(DeviceCodeGrant):
        def query_device_credential(self, device_code):
            with store.lock:
                return store.devices.get(device_code)

        def query_user_grant(self, user_code):
            with store.lock:
                return store.user_grants.get(user_code)

        def should_slow_down(self, credential):
            now = time.time()
            with store.lock:
                poll = store.polls.setdefault(credential["device_code"], {"last": None, "interval": store.interval})
                too_soon = poll["last"] is not None and now - poll["last"] < poll["interval"] - 0.25
                poll["last"] = now
                forced = credential.get_user_code() in store.slow_down_once
                store.slow_down_once.discard(credential.get_user_code())
                if too_soon or forced:
                    poll["interval"] += 5
                    return True
                return False

    class DeviceEndpoint(DeviceAuthorizationEndpoint):
        INTERVAL = store.interval
        EXPIRES_IN = 300

        def get_verification_uri(self):
            return request.host_url + "device"

        def save_device_credential(self, client_id, scope, data):
            credential = DeviceCredentialDict(client_id=client_id, scope=scope, resource=g.get("adfs_resource"),
                                              expires_at=time.time() + data["expires_in"], **data)
            with store.lock:
                store.devices[data["device_code"]] = credential
                store.user_codes[data["user_code"]] = data["device_code"]

    class AuthorizationCodeGrant(grants.AuthorizationCodeGrant):
        TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

        def save_authorization_code(self, code, req):
            with store.lock:
                store.codes[code] = AuthorizationCode(
                    code, req.client.get_client_id(), req.redirect_uri, req.scope, req.user,
                    req.data.get("code_challenge"), req.data.get("code_challenge_method"), g.get("adfs_resource"))

        def query_authorization_code(self, code, client):
            with store.lock:
                item = store.codes.get(code)
            if item and item.client_id == client.get_client_id() and item.expires_at > time.time():
                return item
            return None

        def delete_authorization_code(self, authorization_code):
            with store.lock:
                store.codes.pop(authorization_code.code, None)

        def authenticate_user(self, authorization_code):
            return authorization_code.user

    class S256Only(CodeChallenge):
        SUPPORTED_CODE_CHALLENGE_METHOD = ["S256"]

    server.register_grant(AuthorizationCodeGrant, [S256Only(required=True)])
    server.register_grant(grants.ClientCredentialsGrant)
    server.register_grant(RefreshTokenGrant)
    server.register_grant(DeviceGrant)
    server.register_endpoint(DeviceEndpoint)

    class Validator(BearerTokenValidator):
        def authenticate_token(self, token_string):
            with store.lock:
                token = store.tokens.get(token_string)
            g.log_scope = token.scope if token else ""
            return token

    require_oauth = ResourceProtector()
    require_oauth.register_token_validator(Validator())

    @app.post("/oauth/token")
    def token():
        return server.create_token_response()

    @app.get("/oauth/authorize")
    def authorize():
        # A browser the user signed in with (its session cookie) is let through silently, as identity providers do,
        # unless the app asks for the account again (prompt=select_account or login): then the account page is shown,
        # and the user's choice posts back. A browser without a session signs the test user in at once. Either way the
        # user consents at once (or refuses, after /oauth/deny-next).
        with store.lock:
            known = request.cookies.get(SESSION_COOKIE) in store.browser_sessions
        if known and request.args.get("prompt") in ("select_account", "login"):
            return Response(ACCOUNT_PAGE % html.escape(request.full_path, quote=True), mimetype="text/html")
        return grant_and_remember()

    @app.post("/oauth/authorize")
    def choose_account():
        # The account page's form: the user picked the test user.
        return grant_and_remember()

    def grant_and_remember():
        with store.lock:
            # Only /oauth/authorize: the AD FS routes' tests, running beside, must not take another test's denial.
            denied = store.deny_next and not g.get("adfs_resource")
            store.deny_next = store.deny_next and not denied
            session = request.cookies.get(SESSION_COOKIE)
            if session not in store.browser_sessions:
                session = generate_token(32)
                store.browser_sessions.add(session)
        response = server.create_authorization_response(grant_user=None if denied else USER)
        response.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="Lax")
        return response

    @app.post("/oauth/deny-next")
    def deny_next():
        with store.lock:
            store.deny_next = True
        return Response("the next authorization request is denied\n", mimetype="text/plain")

    @app.post("/oauth/moved")
    def moved():
        # A token endpoint that moved to another host name (localhost for 127.0.0.1): clients must not follow.
        location = "http://localhost:%s/oauth/token" % request.environ.get("SERVER_PORT")
        return Response("moved\n", status=307, headers={"Location": location}, mimetype="text/plain")

    @app.post("/oauth/device_authorization")
    def device_authorization():
        return server.create_endpoint_response(DeviceEndpoint.ENDPOINT_NAME)

    @app.get("/device")
    def device_page():
        return Response("<!DOCTYPE html><title>Device sign-in</title><p>Enter the code shown on your device.</p>\n",
                        mimetype="text/html")

    def known_user_code():
        user_code = request.form.get("user_code", "")
        with store.lock:
            return user_code if user_code in store.user_codes else None

    @app.post("/device/approve")
    def approve():
        user_code = known_user_code()
        if not user_code:
            return Response("unknown user_code\n", status=404, mimetype="text/plain")
        approved = request.form.get("approve") == "yes"
        with store.lock:
            store.user_grants[user_code] = (USER, approved)
        return Response("approved\n" if approved else "denied\n", mimetype="text/plain")

    @app.post("/device/slow-down")
    def slow_down():
        user_code = known_user_code()
        if not user_code:
            return Response("unknown user_code\n", status=404, mimetype="text/plain")
        with store.lock:
            store.slow_down_once.add(user_code)
        return Response("the next poll is answered slow_down\n", mimetype="text/plain")

    @app.post("/device/expire")
    def expire():
        user_code = known_user_code()
        if not user_code:
            return Response("unknown user_code\n", status=404, mimetype="text/plain")
        with store.lock:
            store.devices[store.user_codes[user_code]]["expires_at"] = time.time() - 1
        return Response("expired\n", mimetype="text/plain")

    @app.get("/odata/$metadata")
    @require_oauth("odata")
    def metadata_document():
        return Response(metadata, mimetype="application/xml")

    adfs.register(app, server, store, authorize, choose_account, DeviceEndpoint.ENDPOINT_NAME, metadata)
    return app


def request_details(store):
    """grant_type, client id and scope of the current token request (no secrets), for the log."""
    form = request.form
    grant_type = form.get("grant_type", "-")
    client_id = form.get("client_id")
    header = request.headers.get("Authorization", "")
    if not client_id and header.lower().startswith("basic "):
        try:
            client_id = base64.b64decode(header[6:]).decode().split(":", 1)[0]
        except ValueError:
            client_id = "?"
    scope = form.get("scope")
    with store.lock:
        if scope is None and grant_type == DEVICE_CODE_GRANT_TYPE:
            device = store.devices.get(form.get("device_code", ""))
            scope = device.get_scope() if device else None
    return grant_type, client_id or "-", scope


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--ready-file", type=pathlib.Path, help="write the base URL here once listening")
    parser.add_argument("--request-log", type=pathlib.Path, help="append one line per request to this file")
    parser.add_argument("--page-size", type=int, default=0, help="ignored (the start script gives it to every server)")
    parser.add_argument("--confidential-client", required=True, metavar="ID")
    parser.add_argument("--client-secret-file", type=pathlib.Path, required=True,
                        help="a file holding the --confidential-client's secret")
    parser.add_argument("--device-client", required=True, metavar="ID")
    parser.add_argument("--short-client", required=True, metavar="ID")
    parser.add_argument("--app-client", required=True, metavar="ID")
    parser.add_argument("--token-lifetime", type=int, default=3600, help="seconds an access token lives")
    parser.add_argument("--short-lifetime", type=int, default=5, help="seconds the --short-client's tokens live")
    parser.add_argument("--device-interval", type=int, default=1, help="the polling interval the device endpoint gives")
    parser.add_argument("--metadata", type=pathlib.Path, default=REPO_ROOT / "SampleMetadata" / "TripPin.xml")
    args = parser.parse_args()
    secret = args.client_secret_file.read_text().strip()
    if not secret:
        parser.error("--client-secret-file is empty")

    store = Store([
        Client(args.confidential_client, secret, {"client_credentials", "refresh_token"}, args.token_lifetime),
        Client(args.device_client, None, {DEVICE_CODE_GRANT_TYPE, "refresh_token"}, args.token_lifetime),
        Client(args.short_client, None, {DEVICE_CODE_GRANT_TYPE, "refresh_token"}, args.short_lifetime),
        Client(args.app_client, None, {"authorization_code", "refresh_token"}, args.token_lifetime),
    ], args.device_interval)
    app = build_app(store, args.metadata.read_bytes())
    log = RequestLog(args.request_log) if args.request_log else None

    @app.before_request
    def started():
        g.log_start = time.time()

    @app.after_request
    def logged(response):
        if log:
            grant_type, client_id, scope = request_details(store)
            if scope is None:
                scope = g.get("log_scope")
            error = (response.get_json(silent=True) or {}).get("error", "-") if response.is_json else "-"
            header = request.headers.get("Authorization", "")
            log.write("%.3f %s %s %d grant=%s client=%s scope=%s error=%s auth=%s resource=%s" % (
                g.get("log_start", time.time()), request.method, request.full_path.rstrip("?"),
                response.status_code, grant_type, client_id, (scope or "-").replace(" ", "+"), error,
                header.split(" ", 1)[0].lower() if header else "none", request.values.get("resource") or "-"))
        return response

    server = make_server("127.0.0.1", args.port, app, server_class=ThreadingServer, handler_class=LoggingHandler)
    url = "http://127.0.0.1:%d/" % server.server_port
    serve(server, url, "OAuth 2.0 test server (service root %sodata/)" % url, args.ready_file)


if __name__ == "__main__":
    main()
