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
RetrieveMetadataChanges(Query=@q,DeletedMetadataFilters=@d[,ClientVersionStamp=@s])?@q=..&@d=..[&@s='..']
    the function as the Web API documents it, for the entities the query's LogicalName
    Equals/In criteria select (all without): each with MetadataId, HasChanged and the
    query's property names, its Attributes (typed Microsoft.Dynamics.CRM.Complex...),
    relationships and keys with their MetadataId and the names asked for; with a stamp,
    only the entities that changed since (themselves or in an attribute: HasChanged says
    which), only the changed attributes, and DeletedMetadata ({"Keys": [filter...],
    "Values": [[MetadataId...]...]}) with what was deleted since; ServerVersionStamp is
    "N!date". A stamp from before POST _test/metadata?action=expire is refused as the
    service refuses an expired one: 400 with code 0x80044352. With the query parameter
    no-metadata-changes=1, 404 as from a service without the function.
POST _test/metadata?action=A&entity=E[&attribute=T&value=V&label=L]
    changes the metadata the requests carrying the same run=... query parameter see (each
    test run its own organization): add-option (option V labelled L added to attribute
    T's option set), delete-attribute, delete-entity, expire (every stamp issued so far).
--latency-ms N sends every such answer N ms after its request arrived, the time spent making it included (a
service whose answers take N ms, for benchmarks: the server's own work overlaps the wait, as a real service's does);
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


def _error(status, message, code="0x80060888"):
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    return status, [("Content-Type", "application/json; odata.metadata=minimal")], body


class _Organizations:
    """The organization each test run sees: the document's, until a run changes its own copy."""

    def __init__(self, entities):
        self.base = entities
        self.runs = {}
        self.clock = 100
        self.lock = threading.Lock()

    def entities(self, run):
        with self.lock:
            state = self.runs.get(run)
            return state["entities"] if state else self.base

    def stamp(self):
        return "%d!11/27/2026 00:00:00" % self.clock

    def change(self, run, params):
        """Applies a POST _test/metadata; (status, message)."""
        with self.lock:
            state = self.runs.setdefault(run, {
                "entities": copy.deepcopy(self.base), "versions": {}, "deleted": [], "floor": 0})
            self.clock += 1
            action, name = params.get("action"), params.get("entity")
            if action == "expire":
                state["floor"] = self.clock
                return "204 No Content", ""
            entity = state["entities"].get(name)
            if entity is None:
                return "404 Not Found", "no entity %r" % name
            if action == "delete-entity":
                del state["entities"][name]
                state["deleted"].append((self.clock, "Entity", entity["MetadataId"]))
                return "204 No Content", ""
            attributes = entity.get("Attributes", [])
            attribute = next((a for a in attributes if a.get("LogicalName") == params.get("attribute")), None)
            if attribute is None:
                return "404 Not Found", "no attribute %r" % params.get("attribute")
            if action == "delete-attribute":
                attributes.remove(attribute)
                state["deleted"].append((self.clock, "Attribute", attribute["MetadataId"]))
            elif action == "add-option" and attribute.get("OptionSet"):
                label = params.get("label", "")
                option = copy.deepcopy(attribute["OptionSet"]["Options"][0])
                option["Value"] = int(params.get("value", "0"))
                option["Label"] = {"LocalizedLabels": [{"Label": label, "LanguageCode": 1033}],
                                   "UserLocalizedLabel": {"Label": label, "LanguageCode": 1033}}
                attribute["OptionSet"]["Options"].append(option)
                state["versions"][attribute["MetadataId"]] = self.clock
            else:
                return "400 Bad Request", "unknown action %r" % action
            return "204 No Content", ""

    def changes(self, run, params, root):
        """(status, headers, body) of RetrieveMetadataChanges for a run."""
        try:
            query = json.loads(params.get("@q", "{}"))
        except ValueError:
            return _error("400 Bad Request", "The query parameter @q is not valid JSON.")
        stamp = params.get("@s")
        since = None
        with self.lock:
            state = self.runs.get(run) or {"entities": self.base, "versions": {}, "deleted": [], "floor": 0}
            if stamp is not None:
                match = re.match(r"^'(\d+)!.*'$", stamp)
                if not match:
                    return _error("400 Bad Request", "The ClientVersionStamp is not a version stamp.")
                since = int(match.group(1))
                if since < state["floor"]:
                    return _error("400 Bad Request", "The version stamp has expired: retrieve everything again.",
                                  code="0x80044352")
            names = _criteria_names(query.get("Criteria"))
            versions = state["versions"]
            items = []
            for name in sorted(state["entities"]):
                entity = state["entities"][name]
                if names is not None and name not in names:
                    continue
                own = versions.get(entity["MetadataId"], 0)
                changed = [a for a in entity.get("Attributes", []) if versions.get(a["MetadataId"], 0) > (since or 0)]
                if since is not None and own <= since and not changed:
                    continue
                items.append(_changed_entity(entity, query, since, own, changed))
            body = {"@odata.context": root + "$metadata#Microsoft.Dynamics.CRM.RetrieveMetadataChangesResponse",
                    "EntityMetadata": items, "ServerVersionStamp": self.stamp()}
            if since is not None:
                deleted = [(kind, id) for version, kind, id in state["deleted"] if version > since]
                kinds = sorted({kind for kind, _ in deleted})
                body["DeletedMetadata"] = {"Count": len(kinds), "Keys": kinds,
                                           "Values": [[id for k, id in deleted if k == kind] for kind in kinds]}
        return _json(body)


def _criteria_names(criteria):
    """The logical names a query's LogicalName Equals/In conditions select, or None for all."""
    if not criteria:
        return None
    names = set()
    for condition in criteria.get("Conditions", []):
        if condition.get("PropertyName") != "LogicalName":
            continue
        value = condition.get("Value", {})
        text = value.get("Value")
        if condition.get("ConditionOperator") == "In" and isinstance(text, str):
            names.update(json.loads(text))
        elif isinstance(text, str):
            names.add(text)
    return names


def _properties(expression, item, keys):
    """The item's members that a MetadataPropertiesExpression asks for, among `keys`."""
    wanted = (expression or {}).get("Properties") or {}
    chosen = keys if wanted.get("AllProperties") else [k for k in wanted.get("PropertyNames", []) if k in keys]
    return {k: item.get(k) for k in chosen}


def _changed_entity(entity, query, since, own, changed):
    """An entity of RetrieveMetadataChanges' answer, with what the query asks for."""
    item = {"MetadataId": entity["MetadataId"], "HasChanged": None if since is None else own > since}
    item.update(_properties(query, entity, [k for k in entity if k not in EXPANDABLE and k != "HasChanged"]))
    asked = set(((query.get("Properties") or {}).get("PropertyNames")) or [])
    if "Attributes" in asked:
        attributes = entity.get("Attributes", []) if since is None else changed
        item["Attributes"] = []
        for attribute in attributes:
            kind = attribute.get("@odata.type", "#Microsoft.Dynamics.CRM.AttributeMetadata").split(".")[-1]
            member = {"@odata.type": "#Microsoft.Dynamics.CRM.Complex" + kind,
                      "MetadataId": attribute["MetadataId"], "HasChanged": None if since is None else True}
            member.update(_properties(query.get("AttributeQuery"), attribute, list(attribute)))
            item["Attributes"].append(member)
    for key, subquery in (("ManyToOneRelationships", "RelationshipQuery"), ("OneToManyRelationships",
                          "RelationshipQuery"), ("ManyToManyRelationships", "RelationshipQuery"), ("Keys", "KeyQuery")):
        if key in asked:
            item[key] = [] if since is not None else [
                dict({"MetadataId": r.get("MetadataId")}, **_properties(query.get(subquery), r, list(r)))
                for r in entity.get(key, [])]
    return item


def with_entity_definitions(app, service_path, document, latency_ms=0, copies=0):
    """`app` with the metadata requests described in this module's documentation."""
    organizations = _Organizations(_load(document, copies))
    throttled = set()
    lock = threading.Lock()

    def answer(path, query, root):
        """(status, headers, body) for a path under the service root, or None for other paths."""
        params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
        entities = organizations.entities(params.get("run"))
        if path.startswith("RetrieveMetadataChanges("):
            if params.get("no-metadata-changes"):
                return _error("404 Not Found", "Resource not found for the segment 'RetrieveMetadataChanges'.")
            return organizations.changes(params.get("run"), params, root)
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
        arrived = time.monotonic()
        full_path = environ.get("PATH_INFO", "")
        query = environ.get("QUERY_STRING", "")
        if full_path == service_path + "/_test/metadata" and environ.get("REQUEST_METHOD") == "POST":
            params = dict(urllib.parse.parse_qsl(query, keep_blank_values=True))
            status, message = organizations.change(params.get("run"), params)
            start_response(status, [("Content-Type", "text/plain"), ("Content-Length", str(len(message.encode())))])
            return [message.encode()]
        if not full_path.startswith((service_path + "/EntityDefinitions", service_path + "/RetrieveMetadataChanges(")):
            return app(environ, start_response)
        root = "http://%s%s/" % (environ.get("HTTP_HOST", "127.0.0.1"), service_path)
        result = answer(full_path[len(service_path) + 1:], query, root)
        if result is None:
            result = _error("400 Bad Request", "Resource not found for the segment '%s'." % full_path)
        status, headers, body = result
        if latency_ms:
            time.sleep(max(0.0, arrived + latency_ms / 1000 - time.monotonic()))
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
