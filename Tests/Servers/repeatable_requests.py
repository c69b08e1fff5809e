"""Repeatable requests for a test server: a WSGI wrapper that runs a request sent more than once
only once, in either of two header dialects (a wrapper takes the dialects it is given):
  OASIS  Repeatable Requests 1.0 (the repeatability of OData 4.01): Repeatability-Request-ID and
         Repeatability-First-Sent, scoped by Repeatability-Client-ID when sent, answered with
         Repeatability-Result. The OData v4 test server with --repeatable-requests (offline).
  SAP    SAP Gateway's idempotent services ("Defining Settings for Idempotent Services", SAP
         Gateway Foundation): RequestID and RepeatabilityCreation, answered with
         RepeatabilityResult. The OData v2 test server with --sap-repeatable-requests (sapdelta).

A POST, PUT, PATCH, MERGE or DELETE carrying the dialect's request id and date runs once. Its
response (status, headers and body) is kept under its request id, and a request that repeats the
id gets the kept response again without running. Every such response carries the dialect's result
header with "accepted". The request is refused with 400 and the result header "rejected" when
  - only one of the two headers is sent, or the id or the date is malformed:
      OASIS: the id 1 to 256 printable ASCII characters without spaces, the date an IMF-fixdate
             ("Sun, 06 Nov 1994 08:49:37 GMT");
      SAP:   the id 32 hexadecimal digits (a GUID without dashes, as SAP documents it), the date an
             IMF-fixdate or an ISO 8601 date-time ("1994-11-06T08:49:37", optionally with fractions
             and Z or an offset): SAP's page says only "the date and time the request was first created";
  - the id was first sent with another method, URL or body (a client reusing an id).
A 5xx response is not kept, so a repeat runs the request again. Repeatable requests run one at a
time. The parts of a $batch are not looked at; the $batch request itself is repeatable as a whole.
Requests without either dialect's headers pass through unchanged; a request with headers of both
is handled by the first dialect given.
"""

import dataclasses
import datetime
import hashlib
import io
import json
import re
import threading
from typing import Callable, Optional

import server_common

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "MERGE", "DELETE")
ISO_DATE_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$")


def _imf_fixdate(value):
    try:
        datetime.datetime.strptime(value, "%a, %d %b %Y %H:%M:%S GMT")
        return True
    except ValueError:
        return False


def _imf_fixdate_or_iso(value):
    if _imf_fixdate(value):
        return True
    if not ISO_DATE_TIME.match(value):
        return False
    try:
        datetime.datetime.strptime(value[:19], "%Y-%m-%dT%H:%M:%S")
        return True
    except ValueError:
        return False


@dataclasses.dataclass(frozen=True)
class Dialect:
    """The headers of one kind of repeatable requests and what their values must look like."""

    name: str
    request_id: str  # request headers
    first_sent: str
    result: str  # the response header
    client_id: Optional[str]  # scopes request ids, where the dialect has one
    id_pattern: "re.Pattern[str]"
    id_rule: str
    valid_date: Callable[[str], bool]
    date_rule: str

    def header(self, environ, name):
        return environ.get("HTTP_" + name.upper().replace("-", "_")) if name else None


OASIS = Dialect("oasis", "Repeatability-Request-ID", "Repeatability-First-Sent", "Repeatability-Result",
                "Repeatability-Client-ID", re.compile(r"^[\x21-\x7e]{1,256}$"),
                "1 to 256 printable ASCII characters", _imf_fixdate,
                "an IMF-fixdate (\"Sun, 06 Nov 1994 08:49:37 GMT\")")
SAP = Dialect("sap", "RequestID", "RepeatabilityCreation", "RepeatabilityResult", None,
              re.compile(r"^[0-9A-Fa-f]{32}$"), "32 hexadecimal digits (a GUID without dashes)",
              _imf_fixdate_or_iso, "an IMF-fixdate or an ISO 8601 date-time")


def _rejected(start_response, dialect, message):
    body = json.dumps({"error": {"code": "400", "message": message}}, separators=(",", ":")).encode()
    start_response("400 Bad Request", [("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                                       (dialect.result, "rejected")])
    return [body]


def _check(dialect, request_id, first_sent):
    """Why the dialect's two headers are refused, or None."""
    if request_id is None or first_sent is None:
        return "%s and %s go together." % (dialect.request_id, dialect.first_sent)
    if not dialect.id_pattern.match(request_id):
        return "%s must be %s." % (dialect.request_id, dialect.id_rule)
    if not dialect.valid_date(first_sent):
        return "%s must be %s." % (dialect.first_sent, dialect.date_rule)
    return None


def repeatable(app, dialects=(OASIS,)):
    """`app` with the repeatability of this module's documentation, in `dialects`."""
    kept = {}  # (dialect, client id, request id) -> (fingerprint, status, headers, body)
    lock = threading.Lock()

    def wrapper(environ, start_response):
        if environ.get("REQUEST_METHOD") not in UNSAFE_METHODS:
            return app(environ, start_response)
        dialect = next((d for d in dialects if d.header(environ, d.request_id) is not None
                        or d.header(environ, d.first_sent) is not None), None)
        if dialect is None:
            return app(environ, start_response)
        request_id = dialect.header(environ, dialect.request_id)
        problem = _check(dialect, request_id, dialect.header(environ, dialect.first_sent))
        if problem:
            return _rejected(start_response, dialect, problem)
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        environ["wsgi.input"] = io.BytesIO(body)
        fingerprint = (environ["REQUEST_METHOD"], environ.get("PATH_INFO"), environ.get("QUERY_STRING"),
                       hashlib.sha256(body).hexdigest())
        key = (dialect.name, dialect.header(environ, dialect.client_id) or "", request_id)
        with lock:
            if key in kept:
                if kept[key][0] != fingerprint:
                    return _rejected(start_response, dialect, "%s %r was first sent with another request."
                                     % (dialect.request_id, request_id))
                _, status, headers, answer = kept[key]
            else:
                status, headers, answer = server_common.call(app, environ)
                if not status.startswith("5"):
                    kept[key] = (fingerprint, status, headers, answer)
        start_response(status, list(headers) + [(dialect.result, "accepted")])
        return [answer]

    return wrapper
