"""The Dataverse Web API's metadata requests, answered from an EntityDefinitions document
(SampleMetadata/Dataverse.EntityDefinitions.json) in the shapes Microsoft documents for
"Query table definitions using the Web API": a WSGI wrapper the OData v4 test server
puts around its app when given --entity-definitions FILE. odatapy cannot serve these
itself (alternate keys, casts on a metadata collection, expanded option sets).

Under the service path:
  EntityDefinitions?$select=LogicalName[,SchemaName]
      every entity with MetadataId and the selected names
  EntityDefinitions(LogicalName='x')[?$expand=Attributes,Keys,...Relationships]
      the entity with the expanded collections; attributes come WITHOUT OptionSet and
      GlobalOptionSet, as the service sends them (they need a typed cast)
  EntityDefinitions(LogicalName='x')/Attributes/Microsoft.Dynamics.CRM.T?$select=LogicalName&$expand=OptionSet,GlobalOptionSet
      {"value": [...]}: the entity's attributes of type T with MetadataId, the selected
      names and the expanded option sets
  An unknown entity is 404 with an OData error, an unknown path or cast 400.
Every 200 carries a strong ETag (a hash of its body) and an If-None-Match naming it is
answered 304 without a body. A query parameter throttle=once answers the first request of
each distinct URL with 429 and Retry-After: 0 (service protection), later ones normally;
slow=SECONDS delays each answer that long (to interrupt a fetch under way).
--latency-ms N delays every such answer by N ms (a network's round trip, for benchmarks);
--copies N serves each entity N more times as x_1 ... x_N (a bigger organization).
"""

import copy
import hashlib
import json
import re
import threading
import time
import urllib.parse

CAST_PREFIX = "Microsoft.Dynamics.CRM."
ENTITY = re.compile(r"^EntityDefinitions\(LogicalName='([^']*)'\)(?:/Attributes/([A-Za-z.]+))?$")
EXPANDABLE = ("Attributes", "Keys", "ManyToOneRelationships", "OneToManyRelationships", "ManyToManyRelationships")
OPTION_SETS = ("OptionSet", "GlobalOptionSet")


def _load(path, copies):
    """The document's entities by logical name, with `copies` renamed duplicates of each."""
    with open(path, encoding="utf-8") as f:
        entities = json.load(f)["value"]
    result = {}
    for entity in entities:
        result[entity["LogicalName"]] = entity
        for index in range(1, copies + 1):
            twin = copy.deepcopy(entity)
            for key in ("LogicalName", "SchemaName", "EntitySetName", "LogicalCollectionName"):
                if twin.get(key):
                    twin[key] = "%s_%d" % (twin[key], index)
            result[twin["LogicalName"]] = twin
    return result


def _error(status, message):
    body = json.dumps({"error": {"code": "0x80060888", "message": message}}).encode()
    return status, [("Content-Type", "application/json; odata.metadata=minimal")], body


def with_entity_definitions(app, service_path, document, latency_ms=0, copies=0):
    """`app` with the metadata requests described in this module's documentation."""
    entities = _load(document, copies)
    throttled = set()
    lock = threading.Lock()

    def answer(path, query, root):
        """(status, headers, body) for a path under the service root, or None for other paths."""
        params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        select = [s for s in params.get("$select", "").split(",") if s]
        expand = [e for e in params.get("$expand", "").split(",") if e]
        if path == "EntityDefinitions":
            items = []
            for name in sorted(entities):
                item = {"MetadataId": entities[name]["MetadataId"]}
                for key in select or ["LogicalName"]:
                    item[key] = entities[name].get(key)
                items.append(item)
            return _json({"@odata.context": root + "$metadata#EntityDefinitions(%s)" % ",".join(select), "value": items})
        match = ENTITY.match(path)
        if not match:
            return None
        name, cast = match.groups()
        entity = entities.get(name)
        if entity is None:
            return _error("404 Not Found", "Could not find entity with name '%s'." % name)
        if cast is None:
            unknown = [e for e in expand if e not in EXPANDABLE]
            if unknown:
                return _error("400 Bad Request", "Could not find a property named '%s'." % unknown[0])
            body = {"@odata.context": root + "$metadata#EntityDefinitions(%s)/$entity" % ",".join(e + "()" for e in expand)}
            for key, value in entity.items():
                if key in EXPANDABLE and key not in expand:
                    continue
                if key == "Attributes":
                    value = [{k: v for k, v in a.items() if k not in OPTION_SETS} for a in value]
                body[key] = value
            return _json(body)
        if not cast.startswith(CAST_PREFIX):
            return _error("400 Bad Request", "Type '%s' is not a type in this service." % cast)
        wanted = "#" + cast
        items = []
        for attribute in entity.get("Attributes", []):
            if attribute.get("@odata.type") != wanted:
                continue
            item = {"MetadataId": attribute["MetadataId"]}
            for key in select:
                item[key] = attribute.get(key)
            for key in expand:
                if key not in OPTION_SETS:
                    return _error("400 Bad Request", "Could not find a property named '%s'." % key)
                item[key] = attribute.get(key)
            items.append(item)
        context = root + "$metadata#EntityDefinitions('%s')/Attributes/%s(%s)" % (
            entity["MetadataId"], cast, ",".join(select + expand))
        return _json({"@odata.context": context, "value": items})

    def wrapper(environ, start_response):
        full_path = environ.get("PATH_INFO", "")
        if not full_path.startswith(service_path + "/EntityDefinitions"):
            return app(environ, start_response)
        query = environ.get("QUERY_STRING", "")
        root = "http://%s%s/" % (environ.get("HTTP_HOST", "127.0.0.1"), service_path)
        result = answer(full_path[len(service_path) + 1:], query, root)
        if result is None:
            result = _error("400 Bad Request", "Resource not found for the segment '%s'." % full_path)
        status, headers, body = result
        if latency_ms:
            time.sleep(latency_ms / 1000)
        slow = dict(urllib.parse.parse_qsl(query)).get("slow")
        if slow:
            time.sleep(min(float(slow), 30))
        if "throttle=once" in query.split("&"):
            with lock:
                first = (full_path, query) not in throttled
                throttled.add((full_path, query))
            if first:
                status, headers, body = "429 Too Many Requests", [("Retry-After", "0"), ("Content-Type", "text/plain")], \
                    b"Number of requests exceeded the limit of 6000 over time window of 300 seconds.\n"
        if status.startswith("200"):
            etag = '"%s"' % hashlib.sha256(body).hexdigest()[:32]
            headers = headers + [("ETag", etag)]
            wanted = [t.strip() for t in environ.get("HTTP_IF_NONE_MATCH", "").split(",")]
            if etag in wanted:
                status, headers, body = "304 Not Modified", [("ETag", etag)], b""
        start_response(status, headers + [("Content-Length", str(len(body))), ("OData-Version", "4.0")])
        return [body]

    return wrapper


def _json(value):
    body = json.dumps(value, ensure_ascii=False, indent=None).encode("utf-8")
    return "200 OK", [("Content-Type", "application/json; odata.metadata=minimal")], body
