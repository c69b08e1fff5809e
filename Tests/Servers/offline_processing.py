"""What an offline store needs of an OData v4 service beyond odatapy's in-memory processor:
mixins the OData v4 test server puts before its processor class when given --track-changes,
--dataverse-changes, --upsert or --generate-guid-keys (scripts/test-servers.sh: the offline
and dvdelta servers). They use a few private helpers of odatapy's InMemoryProcessor
(_page, _next_link, _delta_link, _read_delta, _assign_keys), pinned at 5.3.0.

TrackedChanges (--track-changes), on top of odatapy's Prefer: odata.track-changes:
  - The @odata.deltaLink comes on the last page only, and its token is the one current
    when the first page was read (carried in the $skiptoken of the next links as
    "t<token>-<odatapy's skiptoken>"), so changes made while a client pages are not lost.
    The pages after the first need not repeat the Prefer header.
  - A delta link keeps the query options of its request ($select, $filter, ...; not
    $skiptoken). A delta read honours $filter: a changed entity that no longer matches is
    reported removed with reason "changed".
  - A $deltatoken this server did not hand out for that path, or that expired, is answered
    410 Gone with an OData error; see delta_tokens.py for the request that expires them.
DataverseChanges (--dataverse-changes, implies the above), as Dataverse's Web API does it:
  - With odata.track-changes (or a $deltatoken), $filter, $orderby, $expand and $top are
    refused with 400: 'The "$filter" query parameter isn't supported when Change Tracking
    is enabled.' (the message Microsoft documents in "Use change tracking to synchronize
    data with external systems").
  - A deleted entity in a delta has the bare GUID as its id:
    {"@odata.context":"<root>$metadata#accounts/$deletedEntity","id":"<GUID>","reason":"deleted"}
IfNoneMatchUpsert (--upsert): PATCH <set>(<key>) with If-None-Match: * creates the entity
  from the body with the key of the URL (201 with it, or 204 with Prefer: return=minimal),
  or answers 412 if the key exists. Without that header PATCH is odatapy's. The same holds
  for a contained entity addressed by key below one of a set (containment.py):
  PATCH People('a')/Trips(1) with If-None-Match: * creates trip 1 in person 'a' (201, or 204
  with Prefer: return=minimal; Location People('a')/Trips(1)), or answers 412 if 'a' has a
  trip 1; it is 404 when there is no person 'a' (a parent is never created).
GeneratedGuidKeys (--generate-guid-keys): a POST without its (single, Edm.Guid) key gets a
  new random GUID, as Dataverse gives one; a POST that sets its key keeps it.
"""

import dataclasses
import re
import uuid
from urllib.parse import unquote

from odatapy.data import DeletedEntity, Delta, ValueType
from odatapy.errors import ODataApplicationException, PreconditionException
from odatapy.http.header import HttpHeader
from odatapy.http.method import HttpMethod
from odatapy.http.status import HttpStatusCode
from odatapy.server.serializer.json_serializer import DeltaSerializerOptions
from odatapy.server.uri.resource import UriResourceEntitySet, UriResourceNavigation

# A $skiptoken of a tracked collection: the delta token of its first page, then odatapy's own.
TRACKED_SKIPTOKEN = re.compile(r"^t(\d+)-(.*)$", re.DOTALL)
REFUSED_WITH_TRACKING = ("filter", "orderby", "expand", "top")
LAST_KEY = re.compile(r"\(([^()]*)\)$")


def _query_without(raw_query, names):
    """The parts of a raw query string whose (decoded) names are not in `names`."""
    return [part for part in (raw_query or "").split("&")
            if part and unquote(part.split("=", 1)[0]) not in names]


class TrackedChanges:
    """Delta links on the last page, kept query options, $filter in deltas, 410 for unknown tokens."""

    #: The delta_tokens.DeltaTokens handed out; set before serving.
    delta_tokens = None

    def read_entity_collection(self, request, response, uri_info, ct):
        with self.store.lock:
            carried = TRACKED_SKIPTOKEN.match(uri_info.skiptoken or "")
            if carried:
                request.attributes["delta_token"] = carried.group(1)
                if not request.preferences.track_changes:
                    prefer = request.prefer
                    request.set_header(HttpHeader.PREFER, (prefer + ", " if prefer else "") + "odata.track-changes")
            elif request.preferences.track_changes and not uri_info.deltatoken:
                request.attributes["delta_token"] = self.store.change_token
            super().read_entity_collection(request, response, uri_info, ct)

    def _page_offset(self, skiptoken, entities, entity_set):
        carried = TRACKED_SKIPTOKEN.match(skiptoken or "")
        return super()._page_offset(carried.group(2) if carried else skiptoken, entities, entity_set)

    def _page(self, request, uri_info, entities, prefs, entity_set=None):
        next_link, window, applied = super()._page(request, uri_info, entities, prefs, entity_set)
        request.attributes["has_next_page"] = next_link is not None
        return next_link, window, applied

    def _next_link(self, request, skiptoken):
        token = request.attributes.get("delta_token")
        return super()._next_link(request, skiptoken if token is None else "t%s-%s" % (token, skiptoken))

    def _delta_link(self, request):
        """The delta link of this response, recorded as handed out; None before the last page."""
        if request.attributes.get("has_next_page"):
            return None
        token = request.attributes.get("delta_token") or self.store.change_token
        path = (request.raw_odata_path or "").strip("/")
        self.delta_tokens.add(path, token, int(token))
        query = _query_without(request.raw_query_path, ("$skiptoken", "$deltatoken"))
        return "%s/%s?%s" % (self._base(request), path, "&".join(query + ["$deltatoken=" + token]))

    def _read_delta(self, request, response, uri_info, target, ct):
        entity_set = target.entity_set
        since = self.delta_tokens.get((request.raw_odata_path or "").strip("/"), uri_info.deltatoken)
        if since is None:
            raise ODataApplicationException(
                "The delta token '%s' was not issued for this collection or has expired; "
                "read the collection again to get a new one." % uri_info.deltatoken,
                HttpStatusCode.GONE, code="410")
        latest = {}  # the last change of each entity, as odatapy reports them
        for change in self.store.changes_since(str(since), entity_set.name):
            latest[change["id"] or id(change["entity"])] = change
        ctx = self._eval_context(request)
        try:
            changed = [c["entity"] for c in latest.values() if c["kind"] != "deleted"]
            matching = {id(e) for e in self._filter_sort(changed, uri_info, sort=False, ctx=ctx)}
            delta = Delta()
            for change in latest.values():
                entity = change["entity"]
                if change["kind"] == "deleted":
                    delta.deleted_entities.append(self._removed(change["id"], "deleted"))
                    continue
                self._ensure_id(request, entity_set, entity)
                if id(entity) in matching:
                    delta.entities.append(entity)
                else:
                    delta.deleted_entities.append(self._removed(entity.id, "changed"))
            delta.delta_link = self._delta_link(request)
            body = self._serializer(ct, request).delta(
                self.service_metadata.edm, entity_set.entity_type, delta,
                "%s/$metadata#%s/$delta" % (self._base(request), entity_set.name),
                DeltaSerializerOptions(select=self._select(uri_info), service_version=self._version(request)))
        finally:
            self._release_transient(ctx)
        self._write(request, response, body, ct)

    def _removed(self, entity_id, reason):
        return DeletedEntity(id=entity_id, reason=reason)


class DataverseChanges(TrackedChanges):
    """Dataverse's change tracking: fewer query options, deleted entities named by GUID."""

    def read_entity_collection(self, request, response, uri_info, ct):
        if request.preferences.track_changes or uri_info.deltatoken:
            for option in REFUSED_WITH_TRACKING:
                if getattr(uri_info, option) is not None:
                    raise ODataApplicationException(
                        "The \"$%s\" query parameter isn't supported when Change Tracking is enabled." % option,
                        HttpStatusCode.BAD_REQUEST, code="0x80060888")
        super().read_entity_collection(request, response, uri_info, ct)

    def _removed(self, entity_id, reason):
        # ".../accounts(00000000-0000-0000-0000-000000000001)" -> the GUID alone
        match = LAST_KEY.search(entity_id or "")
        key = match.group(1).split("=")[-1].strip("'") if match else entity_id
        return DeletedEntity(id=key, reason=reason)


class IfNoneMatchUpsert:
    """PATCH with If-None-Match: * to a key creates the entity there, once."""

    _url_keys = None  # the key of the URL while the create runs (under the store's lock)

    def update_entity(self, request, response, uri_info, request_ct, response_ct):
        if request.method is HttpMethod.PATCH and (request.if_none_match or "").strip() == "*":
            parts = uri_info.resource_parts
            if (len(parts) == 2 and isinstance(parts[0], UriResourceEntitySet) and parts[0].key_predicates
                    and isinstance(parts[1], UriResourceNavigation) and parts[1].key_predicates
                    and parts[1].navigation_property.contains_target):
                return self._upsert_contained(request, response, uri_info, request_ct, response_ct)
        part = uri_info.resource_parts[0] if len(uri_info.resource_parts) == 1 else None
        if (request.method is not HttpMethod.PATCH or (request.if_none_match or "").strip() != "*"
                or not isinstance(part, UriResourceEntitySet) or not part.key_predicates):
            return super().update_entity(request, response, uri_info, request_ct, response_ct)
        with self.store.lock:
            keys = self._keys_of(part.entity_type, part)
            if any(all(e.get_value(name) == value for name, value in keys.items())
                   for e in self.store.entities(part.entity_set.name)):
                raise PreconditionException("An entity with this key exists (If-None-Match: *).")
            collection = dataclasses.replace(part, key_predicates=[], typed_keys={})
            self._url_keys = keys
            try:
                return self.create_entity(request, response, dataclasses.replace(uri_info, resource_parts=[collection]),
                                          request_ct, response_ct)
            finally:
                self._url_keys = None

    def _upsert_contained(self, request, response, uri_info, request_ct, response_ct):
        """PATCH People('a')/Trips(1) with If-None-Match: *, through containment.py's create."""
        owner_part, part = uri_info.resource_parts
        collection = dataclasses.replace(uri_info, resource_parts=[
            owner_part, dataclasses.replace(part, key_predicates=[], typed_keys={})])
        with self.store.lock:
            target = self._contained_target(request, collection, for_write=True)  # 404 without the parent
            if target is None:  # a navigation property with a binding: not contained here
                return super().update_entity(request, response, uri_info, request_ct, response_ct)
            keys = self._keys_of(target.entity_type, part)
            if any(all(e.get_value(name) == value for name, value in keys.items()) for e in target.entities or []):
                raise PreconditionException("An entity with this key exists (If-None-Match: *).")
            entity = self.odata.create_deserializer(request_ct).entity(
                self.service_metadata.edm, target.entity_type, request.body)
            for name, value in keys.items():
                entity.set_property(name, value, ValueType.PRIMITIVE,
                                    target.entity_type.get_structural_property(name).type_fqn)
            # The key first, where a POST's body has it (set_property appends a missing property).
            entity.properties.sort(key=lambda p: p.name not in keys)
            self.create_contained(request, response, collection, target, entity, response_ct)

    def _assign_keys(self, entity_set, entity):
        keys, self._url_keys = self._url_keys, None  # the created entity only, not deep-inserted ones
        for name, value in (keys or {}).items():
            entity.set_property(name, value, ValueType.PRIMITIVE,
                                entity_set.entity_type.get_structural_property(name).type_fqn)
        super()._assign_keys(entity_set, entity)


class GeneratedGuidKeys:
    """A new GUID for a created entity without its Edm.Guid key."""

    def _assign_keys(self, entity_set, entity):
        names = entity_set.entity_type.key_predicate_names
        prop = entity_set.entity_type.get_structural_property(names[0])
        if len(names) == 1 and prop.type_fqn == "Edm.Guid" and entity.get_value(names[0]) is None:
            entity.set_property(names[0], uuid.uuid4(), ValueType.PRIMITIVE, "Edm.Guid")
        super()._assign_keys(entity_set, entity)
