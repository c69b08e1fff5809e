"""What both OData test servers share: a threaded WSGI server on 127.0.0.1 that logs
each request line to stderr, and the ready-file handshake with scripts/test-servers.sh."""

import io
import socketserver
import sys
from wsgiref.simple_server import ServerHandler, WSGIRequestHandler, WSGIServer


class ThreadingServer(socketserver.ThreadingMixIn, WSGIServer):
    """wsgiref's server, one thread per connection."""

    daemon_threads = True


class LoggingHandler(WSGIRequestHandler):
    """Logs every request line to stderr, which the start script sends to a log file, and runs a request only once
    its whole body has arrived, as a real server does: wsgiref alone hands the app whatever came before the client
    went away (a killed client's POST without its body would run, and a repeatable one keep that answer)."""

    def handle(self):
        self.raw_requestline = self.rfile.readline(65537)
        if len(self.raw_requestline) > 65536:
            self.requestline, self.request_version, self.command = "", "", ""
            self.send_error(414)
            return
        if not self.parse_request():
            return
        body = self.rfile
        length = self.headers.get("Content-Length")
        if length is not None and length.isdigit():
            data = self.rfile.read(int(length))
            if len(data) < int(length):
                self.close_connection = True
                return
            body = io.BytesIO(data)
        handler = ServerHandler(body, self.wfile, self.get_stderr(), self.get_environ(), multithread=False)
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
