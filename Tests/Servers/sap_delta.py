"""SAP Gateway-style delta queries for the OData v2 test server (pyslet has none): a change log
kept by pyslet's in-memory stores and a WSGI wrapper, used when the server is given
--sap-delta (scripts/test-servers.sh: the sapdelta server).

In verbose JSON ($format=json or Accept: application/json), a GET of an entity set ends,
on its last page, with a delta link in "d" (pages before it carry "__next" instead):
    {"d":{"results":[...],"__delta":"<root>Products?$format=json&!deltatoken='<token>'"}}
The link keeps the request's query options except $skiptoken, $top, $skip and
$inlinecount; its token is the state of the set when the first page was read, so changes
made while a client pages are not lost. A GET of the link answers the entities created or
changed since then, oldest change first (as pyslet serializes them, after $filter and
$select), then one tombstone per entity deleted since, and a new delta link:
    {"d":{"results":[{"__metadata":{...},"ProductID":"P2",...},
                     {"@odata.context":"$metadata#Products/$deletedEntity","id":"<root>Products('P3')"}],
          "__delta":"<root>Products?$format=json&!deltatoken='<new token>'"}}
An entity changed so that $filter no longer matches it is left out, not reported removed.
Tokens look like SAP's (32 hex digits, "_", a UTC timestamp). A token this server did not
hand out for that entity set, or that expired (delta_tokens.py), is answered 410 Gone with
an OData v2 JSON error; a delta request that does not ask for JSON is 406. Atom responses
carry no delta link.

Shapes followed: SAP Gateway documents "!deltatoken" delta links on the last page and
tombstones (RFC 6721 at:deleted-entry) for deleted entries in Atom ("Delta Query Support",
SAP Gateway Foundation developer guide), and says little about JSON tombstones. The JSON
shapes are those of Apache Olingo's OData 2.0 library (SAP's contribution), documented in
"Delta Responses" (olingo.apache.org/doc/odata2/tutorials/delta.html): "__delta" after
"__next" in "d", and deleted entries appended to "results" as an "@odata.context" ending in
"/$deletedEntity" plus the absolute "id" of the entity (JsonDeletedEntryEntityProducer).
"""

import datetime
import io
import json
import re
import threading
import urllib.parse
import uuid

import server_common
from delta_tokens import with_expire_control

# Query options a delta link does not keep.
NOT_KEPT = ("!deltatoken", "$skiptoken", "$top", "$skip", "$inlinecount")
# A verbose-JSON date as json.dumps writes it; pyslet (and SAP Gateway) escape its slashes.
PLAIN_DATE = re.compile(r'"/Date\(([^)"]*)\)/"')


class ChangeLog:
    """Creations, changes and deletions of entities, numbered in the order they happened."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sequence = 0
        self.changes = []  # (sequence, entity set name, entity URI, "changed" or "deleted")

    def record(self, set_name, location, kind):
        with self.lock:
            self.sequence += 1
            self.changes.append((self.sequence, set_name, location, kind))

    def current(self):
        with self.lock:
            return self.sequence

    def since(self, sequence, set_name):
        """[(entity URI, kind)] of the last change of each entity of the set after `sequence`, oldest first."""
        latest = {}
        with self.lock:
            for number, name, location, kind in self.changes:
                if number > sequence and name == set_name:
                    latest.pop(location, None)  # keep the order of the last changes
                    latest[location] = kind
        return list(latest.items())


def record_changes(memory_container, log):
    """Makes the stores of a pyslet memds.InMemoryEntityContainer report their writes to `log`."""
    for name, store in memory_container.entityStorage.items():
        _record_store(name, store, log)


def _record_store(name, store, log):
    add, update, delete = store.add_entity, store.update_entity, store.delete_entity

    def location(key):
        return str(store.read_entity(key).get_location())

    def add_entity(entity):
        add(entity)
        log.record(name, location(entity.key()), "changed")

    def update_entity(entity, merge=True):
        update(entity, merge)
        log.record(name, location(entity.key()), "changed")

    def delete_entity(key):
        deleted = location(key)
        delete(key)
        log.record(name, deleted, "deleted")

    store.add_entity, store.update_entity, store.delete_entity = add_entity, update_entity, delete_entity


def _call(app, environ, query, verbose_json=False):
    """(status, headers, body) of a GET of this request's path with `query` (asking for {"d":{"results":...}})."""
    inner = dict(environ, REQUEST_METHOD="GET", QUERY_STRING=query, CONTENT_LENGTH="0",
                 **{"wsgi.input": io.BytesIO(b"")})
    if verbose_json:
        inner.update(HTTP_ACCEPT="application/json", HTTP_MAXDATASERVICEVERSION="2.0")
    return server_common.call(app, inner)


def _respond(start_response, status, headers, body):
    headers = [(k, v) for k, v in headers if k.lower() != "content-length"]
    start_response(status, headers + [("Content-Length", str(len(body)))])
    return [body]


def _dumps(document):
    """`document` as JSON bytes, the slashes of "/Date(...)/" values escaped as pyslet writes them."""
    return PLAIN_DATE.sub(r'"\\/Date(\1)\\/"', json.dumps(document, separators=(",", ":"))).encode()


def _error(start_response, status, message):
    body = _dumps({"error": {"code": status.split(" ", 1)[0], "message": {"lang": "en", "value": message}}})
    return _respond(start_response, status, [("Content-Type", "application/json"),
                                             ("DataServiceVersion", "1.0")], body)


def _encode(pairs):
    return "&".join("%s=%s" % (name, urllib.parse.quote(value, safe="$'(),*:;@/!")) for name, value in pairs)


def _page_key(path, pairs):
    """What identifies a page of a collection (pyslet's next links leave $format out)."""
    return path, tuple(sorted(pair for pair in pairs if pair[0] != "$format"))


def with_sap_delta(app, service_path, service_root, set_names, log, tokens):
    """`app` with the delta queries of this module's documentation for the entity sets `set_names`."""
    first_pages = {}  # _page_key of a next link -> the change sequence when its first page was read
    lock = threading.Lock()

    def delta_link(path, set_name, pairs, sequence):
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d%H%M%S")
        token = "%s_%s" % (uuid.uuid4().hex.upper(), stamp)
        tokens.add(path, token, sequence)
        kept = [(name, value) for name, value in pairs if name not in NOT_KEPT]
        return "%s%s?%s" % (service_root, set_name, _encode(kept + [("!deltatoken", "'%s'" % token)]))

    def collection(environ, start_response, path, set_name, pairs):
        with lock:
            sequence = first_pages.get(_page_key(path, pairs)) if "$skiptoken" in dict(pairs) else None
        if sequence is None:
            sequence = log.current()
        status, headers, body = _call(app, environ, environ.get("QUERY_STRING", ""))
        content_type = dict((k.lower(), v) for k, v in headers).get("content-type", "")
        if status.startswith("200") and content_type.startswith("application/json"):
            page = json.loads(body).get("d")
            if isinstance(page, dict) and "results" in page:
                if page.get("__next"):
                    link = urllib.parse.urlsplit(page["__next"])
                    with lock:
                        first_pages[_page_key(link.path, urllib.parse.parse_qsl(link.query))] = sequence
                else:  # pyslet's text ends with "}}": the link goes last into "d", the rest stays as it is
                    link = json.dumps(delta_link(path, set_name, pairs, sequence)).encode()
                    body = body.rstrip()[:-2] + b',"__delta":' + link + b"}}"
        return _respond(start_response, status, headers, body)

    def delta(environ, start_response, path, set_name, pairs, token):
        wants_json = dict(pairs).get("$format") == "json" or "application/json" in environ.get("HTTP_ACCEPT", "")
        if not wants_json:
            return _error(start_response, "406 Not Acceptable", "Delta responses are served in JSON only.")
        since = tokens.get(path, token.strip("'"))
        if since is None:
            return _error(start_response, "410 Gone", "The delta token %s was not issued for %s or has expired; "
                                                      "read the entity set again." % (token, set_name))
        now = log.current()
        changes = log.since(since, set_name)
        query = [(name, value) for name, value in pairs if name not in NOT_KEPT]
        entities, status, headers = {}, None, None
        while query is not None:
            status, headers, body = _call(app, environ, _encode(query), verbose_json=True)
            if not status.startswith("200"):
                return _respond(start_response, status, headers, body)
            page = json.loads(body)["d"]
            entities.update((e["__metadata"]["uri"], e) for e in page["results"])
            next_link = page.get("__next")
            query = urllib.parse.parse_qsl(urllib.parse.urlsplit(next_link).query) if next_link else None
        results = [entities[location] for location, kind in changes if kind == "changed" and location in entities]
        results += [{"@odata.context": "$metadata#%s/$deletedEntity" % set_name, "id": location}
                    for location, kind in changes if kind == "deleted"]
        document = {"d": {"results": results, "__delta": delta_link(path, set_name, pairs, now)}}
        return _respond(start_response, status, headers, _dumps(document))

    def wrapper(environ, start_response):
        path = environ.get("PATH_INFO", "")
        set_name = path[len(service_path) + 1:]
        if (environ.get("REQUEST_METHOD") != "GET" or not path.startswith(service_path + "/")
                or set_name not in set_names):
            return app(environ, start_response)
        pairs = urllib.parse.parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
        token = dict(pairs).get("!deltatoken")
        if token is None:
            return collection(environ, start_response, path, set_name, pairs)
        return delta(environ, start_response, path, set_name, pairs, token)

    return with_expire_control(wrapper, service_path, tokens)
