#!/usr/bin/env python3
"""A loopback HTTP peer for scripts/stream-benchmark.sh: one stream kept in a file, never in memory.

  PUT    /svc/Blobs(1)/$value   stores the body (read in 1 MiB blocks; Expect: 100-continue answered);
                                 204, with the stored size in X-Stored-Bytes
  GET    /svc/Blobs(1)/$value   the stored stream; a `Range: bytes=a-b` header is answered with 206 and a
                                 Content-Range, as Dataverse answers for file columns
  GET    /svc/Whole(1)/$value   the stored stream in one 200 response, ranges ignored (as odatapy does)

Prints the service root (http://127.0.0.1:PORT/svc/) on its first line, then serves until killed.
Usage: stream_peer.py STORE_FILE
"""

import http.server
import re
import shutil
import socketserver
import sys

BLOCK = 1 << 20
STORE = sys.argv[1]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_PUT(self):
        if not self.path.startswith("/svc/Blobs(1)/$value"):
            return self.send_error(404)
        remaining = int(self.headers.get("Content-Length", "0"))
        stored = 0
        with open(STORE, "wb") as out:
            while remaining > 0:
                block = self.rfile.read(min(BLOCK, remaining))
                if not block:
                    break
                out.write(block)
                stored += len(block)
                remaining -= len(block)
        self.send_response(204)
        self.send_header("X-Stored-Bytes", str(stored))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        ranged = self.path.startswith("/svc/Blobs(1)/$value")
        if not ranged and not self.path.startswith("/svc/Whole(1)/$value"):
            return self.send_error(404)
        with open(STORE, "rb") as source:
            source.seek(0, 2)
            size = source.tell()
            first, last = 0, size - 1
            match = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", "")) if ranged else None
            if match:
                first = int(match.group(1))
                last = min(size - 1, int(match.group(2))) if match.group(2) else size - 1
                if first >= size:
                    self.send_response(416)
                    self.send_header("Content-Range", "bytes */%d" % size)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(206)
                self.send_header("Content-Range", "bytes %d-%d/%d" % (first, last, size))
            else:
                self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(last - first + 1))
            self.end_headers()
            source.seek(first)
            remaining = last - first + 1
            while remaining > 0:
                block = source.read(min(BLOCK, remaining))
                if not block:
                    break
                self.wfile.write(block)
                remaining -= len(block)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


if __name__ == "__main__":
    server = Server(("127.0.0.1", 0), Handler)
    print("http://127.0.0.1:%d/svc/" % server.server_address[1], flush=True)
    server.serve_forever()
