"""What both OData test servers share: a threaded WSGI server on 127.0.0.1 that keeps
connections open between requests and logs each request line to stderr, and the
ready-file handshake with scripts/test-servers.sh."""

import io
import socketserver
import sys
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer


class ThreadingServer(socketserver.ThreadingMixIn, WSGIServer):
    """wsgiref's server, one thread per connection."""

    daemon_threads = True


class KeepAliveServerHandler(ServerHandler):
    """wsgiref's response writer answering in HTTP/1.1; a response whose length it cannot announce ends the
    connection (the client then reads the body to its close)."""

    http_version = "1.1"

    def cleanup_headers(self):
        super().cleanup_headers()
        if "Content-Length" not in self.headers:
            self.headers["Connection"] = "close"
            self.request_handler.close_connection = True


class LoggingHandler(WSGIRequestHandler):
    """Logs every request line to stderr, which the start script sends to a log file, and runs a request only once
    its whole body has arrived, as a real server does: wsgiref alone hands the app whatever came before the client
    went away (a killed client's POST without its body would run, and a repeatable one keep that answer).

    Keeps connections open for the next request (HTTP/1.1), as the services these servers stand for do, until the
    client closes its end, asks `Connection: close`, sends a body of unknown length or stays idle `timeout` seconds."""

    protocol_version = "HTTP/1.1"
    timeout = 120
    # Headers and body go in separate writes: with Nagle's algorithm, the client's delayed acknowledgement would hold
    # each answer's last part ~40 ms on a kept connection.
    disable_nagle_algorithm = True

    def handle(self):
        self.close_connection = False
        while not self.close_connection:
            try:
                self.handle_request()
            except (TimeoutError, ConnectionError):
                self.close_connection = True

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
            self.close_connection = True
            return
        body = self.rfile
        length = self.headers.get("Content-Length")
        if length is not None and length.isdigit():
            data = self.rfile.read(int(length))
            if len(data) < int(length):
                self.close_connection = True
                return
            body = io.BytesIO(data)
        elif self.headers.get("Transfer-Encoding"):
            self.close_connection = True
        handler = KeepAliveServerHandler(body, self.wfile, self.get_stderr(), self.get_environ(), multithread=False)
        handler.request_handler = self
        handler.run(self.server.get_app())

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))
        sys.stderr.flush()


def call(app, environ):
    """Runs the WSGI `app` on `environ`; its (status, headers, body), for a layer that answers in its place."""
    answer = {}

    def start_response(status, headers, exc_info=None):
        answer["status"], answer["headers"] = status, headers
        return lambda data: None

    chunks = app(environ, start_response)
    try:
        body = b"".join(chunks)
    finally:
        if hasattr(chunks, "close"):
            chunks.close()
    return answer["status"], answer["headers"], body


def serve(server, url, description, ready_file):
    """Announces the service, writes its root to `ready_file` (when given) and serves until killed."""
    print("%s at %s" % (description, url), file=sys.stderr, flush=True)
    if ready_file:
        ready_file.write_text(url + "\n")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
