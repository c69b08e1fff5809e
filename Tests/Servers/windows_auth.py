"""Windows authentication in front of a test server, as IIS does it for on-premises Dynamics CRM 2011-2016: NTLM, and
Negotiate carrying NTLM (raw or in SPNEGO; there is no Kerberos here), validated by pyspnego against the users of the
file the NTLM_USER_FILE variable names (`DOMAIN:USER:PASSWORD` lines).

NTLM signs in a connection, not a request, so this is a request handler (HTTP/1.1, keep-alive), not a WSGI wrapper:
  1. a request without credentials gets 401 with `WWW-Authenticate: Negotiate` and `WWW-Authenticate: NTLM`;
  2. `Authorization: NTLM <type 1>` (or `Negotiate <token>`) gets 401 with `WWW-Authenticate: NTLM <type 2>` (the
     server's challenge) on the same connection;
  3. `Authorization: NTLM <type 3>` is checked by pyspnego: the request runs, and so do the later requests of that
     connection without any Authorization header; a wrong user or password gets 401 with the two offers again.
A new connection starts at 1. Bodies are read whole (Content-Length or chunked) before anything is answered.

With a log file (the servers' --windows-log), one line per request, never a token or a password:
  METHOD PATH[?QUERY] STATUS connection=N auth=none|ntlm|negotiate step=offer|challenge|signed-in|refused|connection
      [user=DOMAIN\\USER]
where `connection` numbers the connections in the order they were accepted, and `step` says what the request met:
the two offers (no credentials), the server's challenge (a type 1 message), a completed sign-in (a valid type 3, the
request ran), a refusal (an invalid message or wrong credentials) or a connection signed in before (the request ran).
"""

import base64
import binascii
import io
import itertools
import os
import sys
import threading

import spnego
from spnego.exceptions import SpnegoError

from server_common import call

_CONNECTIONS = itertools.count(1)
_LOG_LOCK = threading.Lock()


def require_user_file():
    """Stops the server at start when NTLM_USER_FILE does not name a file (pyspnego would refuse every sign-in)."""
    path = os.environ.get("NTLM_USER_FILE", "")
    if not os.path.isfile(path):
        sys.exit("error: Windows authentication needs NTLM_USER_FILE, a file of DOMAIN:USER:PASSWORD lines")


def _starts_handshake(scheme, token):
    """Whether `token` opens a handshake: an NTLM type 1 message, raw or in a SPNEGO NegTokenInit (tag 0x60)."""
    if token.startswith(b"NTLMSSP\x00"):
        return token[8:12] == b"\x01\x00\x00\x00"
    return scheme == "negotiate" and token[:1] == b"\x60"


def windows_authenticated(handler_class, request_log=None):
    """`handler_class` (a server_common.LoggingHandler) behind Windows authentication, logging to `request_log`."""

    class WindowsAuthenticatedHandler(handler_class):
        """Runs each request of a kept connection (LoggingHandler's loop), which the NTLM handshake needs."""

        def setup(self):
            super().setup()
            self.connection_number = next(_CONNECTIONS)
            self.context = None
            self.context_scheme = None
            self.signed_in_user = None
            self.signed_in_scheme = None

        def handle_request(self):
            self.raw_requestline = self.rfile.readline(65537)
            if not self.raw_requestline:
                self.close_connection = True
                return
            if len(self.raw_requestline) > 65536:
                self.requestline, self.request_version, self.command = "", "", ""
                self.send_error(414)
                self.close_connection = True
                return
            if not self.parse_request():
                return
            body = self.read_body()
            if body is None:
                self.close_connection = True
                return
            answer, scheme, step, final = self.authenticate()
            if answer is not None:
                # Logged before the answer goes: a client that has it may read the log at once.
                self.log_line(answer[0], scheme, step)
                self.respond(*answer)
                return
            environ = self.get_environ()
            environ.update({
                "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.version": (1, 0),
                "wsgi.url_scheme": "http", "wsgi.multithread": True, "wsgi.multiprocess": False,
                "wsgi.run_once": False, "REMOTE_USER": self.signed_in_user,
                "AUTH_TYPE": "NTLM" if self.signed_in_scheme == "ntlm" else "Negotiate",
                "CONTENT_LENGTH": str(len(body)),
            })
            environ.pop("HTTP_AUTHORIZATION", None)
            status, headers, content = call(self.server.get_app(), environ)
            if final:
                # Negotiate's last token (SPNEGO's accept-completed, with its mechListMIC) goes with the answer.
                headers = headers + [("WWW-Authenticate", "Negotiate " + base64.b64encode(final).decode())]
            self.log_line(status, scheme, step, self.signed_in_user)
            self.respond(status, headers, content)

        def read_body(self):
            """The request's body (empty when it has none), or None when the client went away before sending it."""
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                body = b""
                while True:
                    size_line = self.rfile.readline(1026)
                    try:
                        size = int(size_line.split(b";", 1)[0].strip(), 16)
                    except ValueError:
                        return None
                    chunk = self.rfile.read(size + 2) if size else b""
                    if size == 0:
                        while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                            pass
                        return body
                    if len(chunk) < size + 2:
                        return None
                    body += chunk[:size]
            length = self.headers.get("Content-Length", "0")
            if not length.isdigit():
                return None
            body = self.rfile.read(int(length))
            return body if len(body) == int(length) else None

        def authenticate(self):
            """(answer, scheme, step, final token): the 401 to send instead of running the request, or None to run
            it (with Negotiate's final token to send along, when there is one)."""
            scheme, _, value = self.headers.get("Authorization", "").partition(" ")
            scheme = scheme.lower()
            if scheme not in ("ntlm", "negotiate"):
                self.context = None
                if self.signed_in_user is not None:
                    return None, "none", "connection", None
                return self.offers(), "none", "offer", None
            self.signed_in_user = None
            try:
                token = base64.b64decode(value.strip(), validate=True)
            except (binascii.Error, ValueError):
                token = b""
            if self.context is None or self.context_scheme != scheme or _starts_handshake(scheme, token):
                self.context = spnego.server(protocol=scheme)
                self.context_scheme = scheme
            try:
                if not token:
                    raise SpnegoError(context_msg="no token")
                reply = self.context.step(token)
            except SpnegoError as error:
                # pyspnego's messages name the failure (a wrong password: "Invalid token signature"), never a secret.
                print("connection %d: %s refused: %s" % (self.connection_number, scheme, error), file=sys.stderr)
                self.context = None
                return self.offers(), scheme, "refused", None
            if not self.context.complete:
                challenge = "%s %s" % ("NTLM" if scheme == "ntlm" else "Negotiate",
                                       base64.b64encode(reply or b"").decode())
                answer = ("401 Unauthorized", [("WWW-Authenticate", challenge), ("Content-Type", "text/plain")],
                          b"challenge\n")
                return answer, scheme, "challenge", None
            self.signed_in_user = self.context.client_principal or "unknown"
            self.signed_in_scheme = scheme
            self.context = None
            return None, scheme, "signed-in", reply if scheme == "negotiate" else None

        def offers(self):
            return ("401 Unauthorized",
                    [("WWW-Authenticate", "Negotiate"), ("WWW-Authenticate", "NTLM"),
                     ("Content-Type", "text/plain")],
                    b"Windows authentication required\n")

        def respond(self, status, headers, content):
            code, _, reason = status.partition(" ")
            self.send_response(int(code), reason)
            for name, value in headers:
                if name.lower() not in ("content-length", "connection", "transfer-encoding"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(content)
            self.wfile.flush()

        def log_line(self, status, scheme, step, user=None):
            if not request_log:
                return
            line = "%s %s %s connection=%d auth=%s step=%s%s" % (
                self.command, self.path, status.split(" ", 1)[0], self.connection_number,
                "ntlm" if scheme == "ntlm" else "negotiate" if scheme == "negotiate" else "none", step,
                " user=%s" % user if user else "")
            with _LOG_LOCK:
                with open(request_log, "a", encoding="utf-8") as log:
                    log.write(line + "\n")

    return WindowsAuthenticatedHandler
