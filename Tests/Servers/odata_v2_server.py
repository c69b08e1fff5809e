#!/usr/bin/env python3
"""An OData v2 test server for the integration tests.

Serves the EDMX document given with --metadata (default:
SampleMetadata/CRM2011.OrganizationData.xml) with pyslet's in-memory container: every
entity set starts empty and lives only as long as the process. The service root is
http://127.0.0.1:PORT/OrganizationData.svc/. Beside it, at http://127.0.0.1:PORT/Gallery.svc/,
--media-metadata (default: SampleMetadata/Gallery.v2.xml) is served the same way: its media
link entries (m:HasStream) are created by POSTing their content (with a Slug), and their
content is read and replaced at .../$value. Atom is pyslet's default format; send
"Accept: application/json" (or $format=json) for verbose JSON.

Server-driven paging is pyslet's own "topmax": collection responses carry at most
--page-size entities plus a next link ("__next" in JSON) with a $skiptoken.

pyslet is unmaintained and has Python 3 bugs in paths the tests use; patch_pyslet_bugs
fixes six of them, and tunnelling() adds X-HTTP-Method support (see there).

The sapdelta server of scripts/test-servers.sh runs it with another document and
--service-path, --no-media, --sap-delta (SAP Gateway-style delta queries, sap_delta.py),
--sap-repeatable-requests (SAP Gateway's RequestID and RepeatabilityCreation,
repeatable_requests.py) and a request log (--request-log, --log-headers: fetch_guard.py's).

Run by scripts/test-servers.sh; needs the pinned pyslet from that script's venv.
"""

import argparse
import json
import pathlib
from wsgiref.simple_server import make_server

import pyslet.odata2.core as core
import pyslet.odata2.csdl as csdl
import pyslet.odata2.memds as memds
import pyslet.odata2.metadata as metadata
from pyslet.odata2.server import Server

from delta_tokens import DeltaTokens
from fetch_guard import guarded
from repeatable_requests import SAP, repeatable
from sap_delta import ChangeLog, record_changes, with_sap_delta
from server_common import LoggingHandler, ThreadingServer, serve

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVICE_PATH = "/OrganizationData.svc"
MEDIA_SERVICE_PATH = "/Gallery.svc"
SAP_NAMESPACE = "http://www.sap.com/Protocols/SAPData"


def patch_pyslet_bugs():
    """Fixes six pyslet 0.7.20170805 bugs that no real OData v2 server has (numbered below).

    Each fix wraps or replaces one pyslet function; nothing else of pyslet changes.
    """
    # 1. A JSON "/Date(1700000000000)/" without an offset is read as the first digit's
    #    milliseconds (1970-01-01T00:00:00.001): parse_asp_dot_net_date takes ticks[0] of
    #    the unsplit string. Pass it on with an explicit "+0000", the branch that works.
    original_parse = core.parse_asp_dot_net_date

    def parse_asp_dot_net_date(src):
        ticks = src[6:-2]
        if src.startswith("/Date(") and src.endswith(")/") and ticks.lstrip("-").isdigit():
            src = "/Date(%s+0000)/" % ticks
        return original_parse(src)

    core.parse_asp_dot_net_date = parse_asp_dot_net_date

    # 2. An entity created (POST) without one of its complex properties fails with 500
    #    (AttributeError: set_from_value): pyslet nulls omitted properties with
    #    set_from_value(None), which complex values lack. Give them one that nulls every
    #    member, as pyslet does for omitted primitive properties.
    def set_from_value(self, value):
        if value is not None:
            raise TypeError("complex values are set member by member")
        self.set_null()

    csdl.Complex.set_from_value = set_from_value

    # 3. The verbose-JSON next link is written "__next":{"uri":"..."}; OData v2 (and
    #    OrganizationData.svc) write the URL itself: "__next":"...".
    original_generate = core.EntityCollection.generate_entity_set_in_json
    wrapped_next = '],"__next":{"uri":'

    def generate_entity_set_in_json(self, version=2):
        for chunk in original_generate(self, version):
            if chunk.startswith(wrapped_next):  # '],"__next":{"uri":"URL"}}'
                chunk = '],"__next":' + chunk[len(wrapped_next):-2] + "}"
            yield chunk

    core.EntityCollection.generate_entity_set_in_json = generate_entity_set_in_json

    # 4. Every page of a paged collection gets a next link, the last one included (and
    #    the empty page after it too, so a client following next links never stops):
    #    the skiptoken is set before it is known whether anything follows. Drop it when
    #    it points past the (filtered) collection's end. Skiptokens are hex offsets.
    original_iterpage = csdl.EntityCollection.iterpage

    def iterpage(self, set_next=False):
        yield from original_iterpage(self, set_next)
        if self.nextSkiptoken is not None and int(self.nextSkiptoken, 16) >= len(self):
            self.nextSkiptoken = None

    csdl.EntityCollection.iterpage = iterpage

    # 5. The in-memory collection applies $select before $filter and $orderby, which
    #    then see unselected properties as null: "$filter=Revenue/Value gt 1&$select=Name"
    #    returns nothing (while __count is right) and "$orderby=Name&$select=AccountId"
    #    fails with 500. Select (and expand) after filtering and ordering instead.
    def itervalues(self):
        entities = self.filter_entities(self.entity_store.generate_entities())
        return self.expand_entities(self.order_entities(entities))

    memds.EntityCollection.itervalues = itervalues

    # 6. A JSON MERGE or PUT nulls every property its body leaves out -- the key too, so
    #    it fails with 500 ("Entity with NULL key not allowed") unless the body repeats
    #    the key, and MERGE then behaves like PUT. Keep the entity's key and mark only
    #    the sent properties as selected: the store's update then changes just those
    #    for MERGE, and resets the others to their defaults for PUT.
    original_from_json = core.Entity.set_from_json_object

    def set_from_json_object(self, obj, entity_resolver=None, for_update=False):
        if not (for_update and self.exists):
            return original_from_json(self, obj, entity_resolver, for_update)
        sent = set(obj) & set(self.data_keys())
        # Feed the current key values back in, as JSON, wherever the body lacks them.
        obj = dict({name: json.loads(core.simple_value_to_json_str(self[name]))
                    for name in self.entity_set.keys}, **obj)
        original_from_json(self, obj, entity_resolver, for_update)
        self.selected = sent

    core.Entity.set_from_json_object = set_from_json_object


def beside(app, path, other):
    """Sends the requests under `path` to `other`, all others to `app`."""

    def by_service(environ, start_response):
        chosen = other if environ.get("PATH_INFO", "").startswith(path + "/") else app
        return chosen(environ, start_response)

    return by_service


def tunnelling(app):
    """Honours X-HTTP-Method on POST (MERGE, PUT, DELETE), as OData v2 servers do."""

    def wrapper(environ, start_response):
        tunnelled = environ.get("HTTP_X_HTTP_METHOD", "").upper()
        if environ["REQUEST_METHOD"] == "POST" and tunnelled in ("MERGE", "PUT", "DELETE"):
            environ["REQUEST_METHOD"] = tunnelled
        return app(environ, start_response)

    return wrapper


def default_container(doc):
    """The entity container of an EDMX document marked m:IsDefaultEntityContainer."""
    return next(c for schema in doc.root.DataServices.Schema
                for c in schema.EntityContainer if c.is_default_entity_container())


def load_model(metadata_path, change_log=None):
    """The EDMX document, with an in-memory store bound to its default container (writing to `change_log`)."""
    doc = metadata.Document()  # understands m:IsDefaultEntityContainer etc.
    with open(metadata_path, "rb") as f:
        doc.read(f)
    memory = memds.InMemoryEntityContainer(default_container(doc))
    if change_log is not None:
        record_changes(memory, change_log)
    return doc


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--metadata", type=pathlib.Path,
                        default=REPO_ROOT / "SampleMetadata" / "CRM2011.OrganizationData.xml",
                        help="EDMX (OData v2) document to serve")
    parser.add_argument("--media-metadata", type=pathlib.Path,
                        default=REPO_ROOT / "SampleMetadata" / "Gallery.v2.xml",
                        help="EDMX (OData v2) document with media link entries, served at %s" % MEDIA_SERVICE_PATH)
    parser.add_argument("--no-media", action="store_true", help="serve no --media-metadata service")
    parser.add_argument("--service-path", default=SERVICE_PATH, help="the path of the service root")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--page-size", type=int, default=0,
                        help="server-driven page size for collections; 0 disables paging")
    parser.add_argument("--ready-file", type=pathlib.Path,
                        help="written with the service root URL once the server listens")
    parser.add_argument("--sap-delta", action="store_true",
                        help="delta queries (!deltatoken) for the entity sets marked sap:change-tracking")
    parser.add_argument("--sap-repeatable-requests", action="store_true",
                        help="run requests with RequestID and RepeatabilityCreation once and repeat their response")
    parser.add_argument("--request-log", type=pathlib.Path, help="append one line per request to this file")
    parser.add_argument("--log-headers", action="store_true",
                        help="add an offline store's request headers to the request log")
    args = parser.parse_args()

    patch_pyslet_bugs()
    # pyslet needs the absolute service root up front, so bind first to learn the port.
    http_server = make_server("127.0.0.1", args.port, None,
                              server_class=ThreadingServer, handler_class=LoggingHandler)
    url = "http://127.0.0.1:%d%s/" % (http_server.server_port, args.service_path)
    change_log = ChangeLog() if args.sap_delta else None
    model = load_model(args.metadata, change_log)
    app = Server(service_root=url)
    app.set_model(model)
    app.topmax = args.page_size or None
    if args.sap_delta:
        tracked = {s.name for s in default_container(model).EntitySet
                   if s.get_attribute((SAP_NAMESPACE, "change-tracking")) == "true"}
        app = with_sap_delta(app, args.service_path, url, tracked, change_log, DeltaTokens())
    if not args.no_media:
        media = Server(service_root="http://127.0.0.1:%d%s/" % (http_server.server_port, MEDIA_SERVICE_PATH))
        media.set_model(load_model(args.media_metadata))
        app = beside(app, MEDIA_SERVICE_PATH, media)
    if args.sap_repeatable_requests:  # inside tunnelling, so that it sees the tunnelled method
        app = repeatable(app, dialects=(SAP,))
    app = tunnelling(app)
    if args.request_log:
        app = guarded(app, args.service_path, request_log=args.request_log, log_headers=args.log_headers)
    http_server.set_app(app)

    serve(http_server, url, "OData v2 service for %s" % args.metadata, args.ready_file)


if __name__ == "__main__":
    main()
