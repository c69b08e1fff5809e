"""Sign-in, a revalidatable $metadata, a request log and misbehaving paths for the tests of
`mobilesdkgen fetch`: a WSGI wrapper the OData v4 test server puts around its app when
given any of --bearer-token, --basic, --metadata-etag, --request-log or --fetch-test-paths
(the OData v2 server uses it for its request log alone).

- Sign-in: with a bearer token and/or basic user:password, every request under the
  service path needs one of them ("Authorization: Bearer TOKEN" or "Basic ..."); else
  401 with WWW-Authenticate.
- --metadata-etag: $metadata carries a strong ETag (a hash of its bytes) and a GET whose
  If-None-Match names it is answered 304 without a body.
- --request-log PATH: one line per request: method, path?query, status, whether
  If-None-Match was sent, which kind of Authorization was sent (never its value), and
  the number of body bytes sent back:
      GET /odata/People?$top=1 200 if-none-match=no auth=none bytes=312
  With --log-headers, each of LOGGED_HEADERS the request carries follows, as its
  lower-case name, a colon and its value with "%", spaces and non-ASCII characters
  percent-encoded (the fields before use "=", so the two never mix):
      PATCH /odata/People('a') 204 if-none-match=no auth=none bytes=0 if-match:W/"1" prefer:return=minimal
- --fetch-test-paths: paths outside the service that misbehave the way real sign-in
  fronts and gateways do (none needs sign-in):
    /fetch-test/html/$metadata        200 text/html, a sign-in page
    /fetch-test/truncated/$metadata   200 application/xml, the first half of $metadata
    /fetch-test/redirect/$metadata    302 to http://localhost:PORT/fetch-test/elsewhere/$metadata
    /fetch-test/throttled/$metadata   429 with Retry-After: 0, always
    /fetch-test/slow/$metadata        waits 30 s, then 200 with $metadata
    /fetch-test/moved/$metadata       302 to SERVICE_PATH/$metadata on this host
"""

import base64
import hashlib
import threading
import time
import urllib.parse

SIGN_IN_PAGE = b"""<!DOCTYPE html>
<html><head><title>Sign in to your account</title></head>
<body><form method="post"><input name="login"><input type="password" name="passwd"></form></body></html>
"""


# The request headers --log-headers records, in this order (the last two: SAP Gateway's repeatability).
LOGGED_HEADERS = ("Prefer", "If-Match", "If-None-Match", "Repeatability-Request-ID", "Repeatability-First-Sent",
                  "RequestID", "RepeatabilityCreation")
# Printable ASCII except space and "%": left as they are in a logged header value.
_VERBATIM = "".join(chr(c) for c in range(33, 127) if chr(c) != "%")


class RequestLog:
    """Appends one line per request to a file; safe across the server's threads."""

    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def write(self, line):
        with self.lock:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(line + "\n")


def _logged_headers(environ):
    """The LOGGED_HEADERS this request carries, as " name:value" fields."""
    fields = ""
    for name in LOGGED_HEADERS:
        value = environ.get("HTTP_" + name.upper().replace("-", "_"))
        if value is not None:
            fields += " %s:%s" % (name.lower(), urllib.parse.quote(value, safe=_VERBATIM))
    return fields


def _authorization_kind(environ):
    header = environ.get("HTTP_AUTHORIZATION", "")
    return header.split(" ", 1)[0].lower() if header else "none"


def _signed_in(environ, bearer_token, basic):
    header = environ.get("HTTP_AUTHORIZATION", "")
    if bearer_token and header == "Bearer " + bearer_token:
        return True
    if basic and header == "Basic " + base64.b64encode(basic.encode()).decode():
        return True
    return False


def guarded(app, service_path, bearer_token=None, basic=None, metadata_etag=False,
            request_log=None, log_headers=False, test_paths=False):
    """`app` behind the behaviour described in this module's documentation."""
    log = RequestLog(request_log) if request_log else None
    metadata_path = service_path + "/$metadata"

    def metadata_body(environ):
        """The bytes the app serves for $metadata (asked with this request's environment)."""
        inner = dict(environ, REQUEST_METHOD="GET", PATH_INFO=metadata_path, QUERY_STRING="",
                     HTTP_ACCEPT="application/xml")
        inner.pop("HTTP_IF_NONE_MATCH", None)
        return b"".join(app(inner, lambda status, headers, exc_info=None: (lambda data: None)))

    def test_path(environ, path):
        """(status, headers, body) for a /fetch-test/ path, or None."""
        if path == "/fetch-test/html/$metadata":
            return "200 OK", [("Content-Type", "text/html; charset=utf-8")], SIGN_IN_PAGE
        if path == "/fetch-test/truncated/$metadata":
            body = metadata_body(environ)
            return "200 OK", [("Content-Type", "application/xml")], body[:len(body) // 2]
        if path == "/fetch-test/redirect/$metadata":
            location = "http://localhost:%s/fetch-test/elsewhere/$metadata" % environ.get("SERVER_PORT")
            return "302 Found", [("Location", location), ("Content-Type", "text/plain")], b"moved\n"
        if path == "/fetch-test/moved/$metadata":
            return "302 Found", [("Location", metadata_path), ("Content-Type", "text/plain")], b"moved\n"
        if path == "/fetch-test/throttled/$metadata":
            return "429 Too Many Requests", [("Retry-After", "0"), ("Content-Type", "text/plain")], b"slow down\n"
        if path == "/fetch-test/slow/$metadata":
            time.sleep(30)
            return "200 OK", [("Content-Type", "application/xml")], metadata_body(environ)
        return None

    def wrapper(environ, start_response):
        path = environ.get("PATH_INFO", "")
        query = environ.get("QUERY_STRING", "")
        sent = {"status": "000", "bytes": 0}

        def respond(status, headers, body):
            sent["status"] = status.split(" ", 1)[0]
            sent["bytes"] = len(body)
            start_response(status, headers + [("Content-Length", str(len(body)))])
            return [body]

        def passing_on(status, headers, exc_info=None):
            sent["status"] = status.split(" ", 1)[0]
            return start_response(status, headers, exc_info)

        def handle():
            if test_paths and path.startswith("/fetch-test/"):
                answer = test_path(environ, path)
                if answer is None:
                    return respond("404 Not Found", [("Content-Type", "text/plain")], b"not found\n")
                return respond(*answer)
            inside = path == service_path or path.startswith(service_path + "/")
            if inside and (bearer_token or basic) and not _signed_in(environ, bearer_token, basic):
                challenges = ([("WWW-Authenticate", 'Bearer realm="test"')] if bearer_token else []) + \
                    ([("WWW-Authenticate", 'Basic realm="test"')] if basic else [])
                return respond("401 Unauthorized", challenges + [("Content-Type", "text/plain")],
                               b"sign-in required\n")
            if metadata_etag and path == metadata_path and environ.get("REQUEST_METHOD") == "GET":
                body = metadata_body(environ)
                etag = '"%s"' % hashlib.sha256(body).hexdigest()[:32]
                wanted = [t.strip() for t in environ.get("HTTP_IF_NONE_MATCH", "").split(",")]
                if etag in wanted or "*" in wanted:
                    return respond("304 Not Modified", [("ETag", etag)], b"")
                return respond("200 OK", [("Content-Type", "application/xml"), ("ETag", etag)], body)
            chunks = app(environ, passing_on)
            body = b"".join(chunks)
            sent["bytes"] = len(body)
            return [body]

        try:
            return handle()
        finally:
            if log:
                log.write("%s %s%s %s if-none-match=%s auth=%s bytes=%d%s" % (
                    environ.get("REQUEST_METHOD"), path, "?" + query if query else "", sent["status"],
                    "yes" if environ.get("HTTP_IF_NONE_MATCH") else "no", _authorization_kind(environ),
                    sent["bytes"], _logged_headers(environ) if log_headers else ""))

    return wrapper
