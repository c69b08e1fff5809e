"""OASIS Repeatable Requests 1.0 (the repeatability of OData 4.01) for a test server: a WSGI
wrapper the OData v4 test server puts around its app when given --repeatable-requests.

A POST, PUT, PATCH, MERGE or DELETE carrying Repeatability-Request-ID and
Repeatability-First-Sent (an IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT") runs once.
Its response (status, headers and body) is kept under its request id, scoped by
Repeatability-Client-ID when sent, and a request that repeats the id gets the kept
response again without running. Every such response carries "Repeatability-Result:
accepted". The request is refused with 400 and "Repeatability-Result: rejected" when
  - only one of the two headers is sent, the id is empty, longer than 256 characters or
    not printable ASCII without spaces, or First-Sent is not an IMF-fixdate;
  - the id was first sent with another method, URL or body (a client reusing an id).
A 5xx response is not kept, so a repeat runs the request again. Repeatable requests run
one at a time. The parts of a $batch are not looked at; the $batch request itself is
repeatable as a whole. Other requests pass through unchanged.
"""

import datetime
import hashlib
import io
import json
import re
import threading

import server_common

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "MERGE", "DELETE")
REQUEST_ID = re.compile(r"^[\x21-\x7e]{1,256}$")


def _imf_fixdate(value):
    try:
        datetime.datetime.strptime(value, "%a, %d %b %Y %H:%M:%S GMT")
        return True
    except ValueError:
        return False


def _rejected(start_response, message):
    body = json.dumps({"error": {"code": "400", "message": message}}, separators=(",", ":")).encode()
    start_response("400 Bad Request", [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                                       ("Repeatability-Result", "rejected")])
    return [body]


def repeatable(app):
    """`app` with the repeatability of this module's documentation."""
    kept = {}  # (client id, request id) -> (fingerprint, status, headers, body)
    lock = threading.Lock()

    def wrapper(environ, start_response):
        request_id = environ.get("HTTP_REPEATABILITY_REQUEST_ID")
        first_sent = environ.get("HTTP_REPEATABILITY_FIRST_SENT")
        if environ.get("REQUEST_METHOD") not in UNSAFE_METHODS or (request_id is None and first_sent is None):
            return app(environ, start_response)
        if request_id is None or first_sent is None:
            return _rejected(start_response, "Repeatability-Request-ID and Repeatability-First-Sent go together.")
        if not REQUEST_ID.match(request_id):
            return _rejected(start_response, "Repeatability-Request-ID must be 1 to 256 printable ASCII characters.")
        if not _imf_fixdate(first_sent):
            return _rejected(start_response, "Repeatability-First-Sent must be an IMF-fixdate "
                                             "(\"Sun, 06 Nov 1994 08:49:37 GMT\").")
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(body)
        fingerprint = (environ["REQUEST_METHOD"], environ.get("PATH_INFO"), environ.get("QUERY_STRING"),
                       hashlib.sha256(body).hexdigest())
        key = (environ.get("HTTP_REPEATABILITY_CLIENT_ID", ""), request_id)
        with lock:
            if key in kept:
                if kept[key][0] != fingerprint:
                    return _rejected(start_response, "Repeatability-Request-ID %r was first sent with another "
                                                     "request." % request_id)
                _, status, headers, answer = kept[key]
            else:
                status, headers, answer = server_common.call(app, environ)
                if not status.startswith("5"):
                    kept[key] = (fingerprint, status, headers, answer)
        start_response(status, list(headers) + [("Repeatability-Result", "accepted")])
        return [answer]

    return wrapper
