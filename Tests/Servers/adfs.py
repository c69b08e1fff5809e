"""AD FS's OAuth 2.0 endpoints on the OAuth test server (oauth_server.py), for the tests of signing in to Dynamics on
premises: the same clients, grants and user as the server's /oauth/ routes, answering where AD FS differs.

  GET|POST /adfs/oauth2/authorize   the authorization code grant of /oauth/authorize (PKCE S256 required, as AD FS
                                    2019 checks it), needing `resource`
  POST /adfs/oauth2/token           the token endpoint, needing `resource` on every grant; a code, refresh token or
                                    device code is redeemed only for the resource it was issued for; refresh tokens
                                    are not rotated (the answer has none, the old one stays valid); answers carry
                                    AD FS's `resource` and `refresh_token_expires_in`
  POST /adfs/oauth2/devicecode      the device authorization endpoint (AD FS 2019), needing `resource`; the user
                                    approves at the server's /device routes
  GET  /api/data/v9.0/$metadata     TripPin's $metadata behind bearer tokens whose audience is this server's one
                                    relying party; others are answered 401 with the challenge Dynamics sends,
                                    `Bearer authorization_uri=…/adfs/oauth2/authorize, resource_id=…`

The one registered relying party (resource) is the server's own root, http://127.0.0.1:PORT/, as a Dynamics
organization's address is; tokens issued for it have that audience and /oauth/ tokens have none. A request without
`resource`, as AD FS on Windows Server 2012 R2 requires it, or with another one is refused with `invalid_resource`:
in a JSON body from the token and device endpoints, and by a redirect to the client's redirect URI from the
authorization endpoint (for a known client and redirect URI; else a 400 page), the description led by the MSIS
event number AD FS gives an unknown resource (MSIS9602). The descriptions' wording is this server's own.
"""

import urllib.parse

from flask import Response, g, jsonify, redirect, request

from authlib.oauth2.rfc8628 import DEVICE_CODE_GRANT_TYPE

RESOURCE_MISSING = "MSIS9602: the request names no 'resource'; a registered relying party identifier is required."
RESOURCE_UNKNOWN = "MSIS9602: no relying party is registered with the 'resource' identifier received."
UNKNOWN = object()  # a credential the server never issued
REFRESH_TOKEN_LIFETIME = 28800  # seconds, as AD FS's answers state it in refresh_token_expires_in


def registered_resource():
    """The one relying party identifier: this server's root, as the client reached it."""
    return request.host_url


def resource_problem(resource):
    """Why `resource` is refused, or None."""
    if not resource:
        return RESOURCE_MISSING
    if resource != registered_resource():
        return RESOURCE_UNKNOWN
    return None


def json_error(status, error, description):
    response = jsonify(error=error, error_description=description)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def register(app, server, store, authorize, choose_account, device_endpoint_name, metadata):
    """Adds the AD FS routes to `app`; `authorize` and `choose_account` are the /oauth/authorize views, run with the
    checked resource in flask.g.adfs_resource, which the grants store with what they issue."""

    def refused_authorization(problem):
        """The error redirect of a refused authorization request, or a 400 page when the client or its redirect URI
        is unknown (never redirect there)."""
        client = store.clients.get(request.values.get("client_id", ""))
        redirect_uri = request.values.get("redirect_uri", "")
        if not client or not client.check_redirect_uri(redirect_uri):
            return Response("unknown client or redirect URI\n", status=400, mimetype="text/plain")
        query = {"error": "invalid_resource", "error_description": problem}
        if request.values.get("state"):
            query["state"] = request.values["state"]
        separator = "&" if urllib.parse.urlsplit(redirect_uri).query else "?"
        return redirect(redirect_uri + separator + urllib.parse.urlencode(query))

    def with_resource(view):
        problem = resource_problem(request.values.get("resource"))
        if problem:
            return refused_authorization(problem)
        g.adfs_resource = request.values["resource"]
        return view()

    @app.get("/adfs/oauth2/authorize")
    def adfs_authorize():
        return with_resource(authorize)

    @app.post("/adfs/oauth2/authorize")
    def adfs_choose_account():
        return with_resource(choose_account)

    def issued_for(form):
        """The resource the code, refresh token or device code in `form` was issued for (None: issued at /oauth/), or
        UNKNOWN when the server does not know it (the grant then refuses it as it would)."""
        grant_type = form.get("grant_type")
        with store.lock:
            if grant_type == "authorization_code":
                item = store.codes.get(form.get("code", ""))
                return item.resource if item else UNKNOWN
            if grant_type == "refresh_token":
                token = store.refresh_tokens.get(form.get("refresh_token", ""))
                return token.audience if token else UNKNOWN
            if grant_type == DEVICE_CODE_GRANT_TYPE:
                device = store.devices.get(form.get("device_code", ""))
                return device.get("resource") if device else UNKNOWN
        return UNKNOWN

    @app.post("/adfs/oauth2/token")
    def adfs_token():
        resource = request.form.get("resource")
        problem = resource_problem(resource)
        if problem:
            return json_error(400, "invalid_resource", problem)
        if issued_for(request.form) not in (UNKNOWN, resource):
            return json_error(400, "invalid_grant", "the grant was issued for another resource")
        g.adfs_resource = resource
        response = server.create_token_response()
        answer = response.get_json(silent=True) if response.status_code == 200 else None
        if answer:
            answer["resource"] = resource
            if "refresh_token" in answer:
                answer["refresh_token_expires_in"] = REFRESH_TOKEN_LIFETIME
            response.set_data(jsonify(answer).get_data())
        return response

    @app.post("/adfs/oauth2/devicecode")
    def adfs_device_code():
        problem = resource_problem(request.form.get("resource"))
        if problem:
            return json_error(400, "invalid_resource", problem)
        g.adfs_resource = request.form["resource"]
        return server.create_endpoint_response(device_endpoint_name)

    @app.get("/api/data/v9.0/$metadata")
    def dynamics_metadata():
        header = request.headers.get("Authorization", "")
        token = None
        if header[:7].lower() == "bearer ":
            with store.lock:
                token = store.tokens.get(header[7:].strip())
        g.log_scope = token.scope if token else ""
        if (token is None or token.is_expired() or token.is_revoked()
                or getattr(token, "audience", None) != registered_resource()):
            challenge = "Bearer authorization_uri=%sadfs/oauth2/authorize, resource_id=%s" % (
                request.host_url, registered_resource())
            return Response("", status=401, headers={"WWW-Authenticate": challenge})
        return Response(metadata, mimetype="application/xml")
