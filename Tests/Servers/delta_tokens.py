"""Delta tokens that can run out, for the test servers that track changes (v4 and v2).

A server records each token it hands out in a delta link, under the path of the
collection it belongs to, and answers a token it does not know with 410 Gone. A test
makes every token handed out so far unknown with

    POST <service root>$test/expire-delta-tokens      -> 204, no body

"$test" cannot clash with the service: OData reserves "$" segments for itself, and no
entity set or other identifier may start with "$". Any other method there is 405.
"""

import threading

CONTROL_SEGMENT = "$test/expire-delta-tokens"


class DeltaTokens:
    """The tokens handed out, by collection path, each with what it stands for."""

    def __init__(self):
        self.lock = threading.Lock()
        self.issued = {}

    def add(self, path, token, value):
        with self.lock:
            self.issued[(path, token)] = value

    def get(self, path, token):
        """What `token` stands for at `path`, or None if it was never issued or has expired."""
        with self.lock:
            return self.issued.get((path, token))

    def expire(self):
        with self.lock:
            self.issued.clear()


def with_expire_control(app, service_path, tokens):
    """`app` with the control request of this module's documentation under `service_path`."""
    control_path = service_path + "/" + CONTROL_SEGMENT

    def wrapper(environ, start_response):
        if environ.get("PATH_INFO") != control_path:
            return app(environ, start_response)
        if environ.get("REQUEST_METHOD") != "POST":
            start_response("405 Method Not Allowed", [("Allow", "POST"), ("Content-Length", "0")])
            return [b""]
        tokens.expire()
        start_response("204 No Content", [])
        return [b""]

    return wrapper
