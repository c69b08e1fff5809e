#!/usr/bin/env python3
"""An OData v4 test server for the integration tests.

Serves the CSDL document given with --metadata (default: SampleMetadata/TripPin.xml)
with odatapy's in-memory processor: every entity set starts empty and lives only as
long as the process. The service root is http://127.0.0.1:PORT/odata/.

Server-driven paging is odatapy's own: collection responses carry at most
--page-size entities plus "@odata.nextLink" (a $skiptoken URL) when more exist; a
client's "Prefer: odata.maxpagesize=N" can only lower that size.

Run by scripts/test-servers.sh; needs the pinned odatapy from that script's venv.
"""

import argparse
import pathlib
import socketserver
import sys
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from odatapy.edm.xml_io import XmlEdmProvider
from odatapy.server import OData
from odatapy.server.adapters import ODataWSGIApp
from odatapy.server.inmemory import InMemoryDataStore, InMemoryProcessor
from odatapy.server.processor import CustomETagSupport

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVICE_PATH = "/odata"


class ThreadingServer(socketserver.ThreadingMixIn, WSGIServer):
    """wsgiref's server, one thread per connection (the processor is thread-safe)."""

    daemon_threads = True


class LoggingHandler(WSGIRequestHandler):
    """Logs every request line to stderr, which the start script sends to a log file."""

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))
        sys.stderr.flush()


class ETagSets(CustomETagSupport):
    """Gives the entities of the named sets version ETags (W/"1", W/"2", ...).

    odatapy then answers 428 to a PATCH/PUT/DELETE of such an entity without If-Match.
    """

    def __init__(self, names):
        self.names = set(names)

    def has_etag(self, entity_set_or_singleton):
        return entity_set_or_singleton.name in self.names


def mounted(app, prefix):
    """Answers 404 outside `prefix`; odatapy alone would serve its paths there too."""

    def wrapper(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == prefix or path.startswith(prefix + "/"):
            return app(environ, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"Not found; the service root is %s/\n" % prefix.encode()]

    return wrapper


def build_app(metadata_path, page_size, etag_sets):
    odata = OData.new_instance()
    service_metadata = odata.create_service_metadata(XmlEdmProvider.from_file(str(metadata_path)))
    handler = odata.create_handler(service_metadata)
    handler.register(InMemoryProcessor(InMemoryDataStore(), page_size=page_size or None))
    if etag_sets:
        handler.register(ETagSets(etag_sets))
    return mounted(ODataWSGIApp(handler, mount_path=SERVICE_PATH), SERVICE_PATH)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--metadata", default=REPO_ROOT / "SampleMetadata" / "TripPin.xml",
                        type=pathlib.Path, help="CSDL (EDMX 4.0) document to serve")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--page-size", type=int, default=0,
                        help="server-driven page size for collections; 0 disables paging")
    parser.add_argument("--etag-sets", default="",
                        help="comma-separated entity sets whose entities carry ETags")
    parser.add_argument("--ready-file", type=pathlib.Path,
                        help="written with the service root URL once the server listens")
    args = parser.parse_args()

    app = build_app(args.metadata, args.page_size, [n for n in args.etag_sets.split(",") if n])
    server = make_server("127.0.0.1", args.port, app,
                         server_class=ThreadingServer, handler_class=LoggingHandler)
    url = "http://127.0.0.1:%d%s/" % (server.server_port, SERVICE_PATH)
    print("OData v4 service for %s at %s" % (args.metadata, url), file=sys.stderr, flush=True)
    if args.ready_file:
        args.ready_file.write_text(url + "\n")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
