"""Contained entities addressed by path, as the OData v4 protocol and the TripPin reference
service have them: a mixin of the OData v4 test server's TripPin processor (odata_v4_server.py).

odatapy 5.3.0 serves a containment navigation property (ContainsTarget="true", TripPin's
Person/Trips) as a collection only: GET People('a')/Trips works, but a key after it, a POST
to it, and so a PATCH or DELETE of one contained entity, are answered 400 ("'Trips' has no
navigation-property binding.", "POST requires an entity set or a collection-valued
navigation property."). With this mixin:

  GET    People('a')/Trips(1)   200 with the trip; 404 if the person or the trip does not exist
  PATCH  People('a')/Trips(1)   merges the given properties: 204, or 200 with the trip for
                                Prefer: return=representation; 404 if absent (never an upsert
                                here; see IfNoneMatchUpsert in offline_processing.py for the
                                offline server's If-None-Match: *); a key change is 400
  PUT    People('a')/Trips(1)   replaces the trip's properties, as odatapy's PUT does
  DELETE People('a')/Trips(1)   204; 404 if absent
  POST   People('a')/Trips      201 with the created trip and Location: <root>People('a')/Trips(1)
                                (204 with OData-EntityId for Prefer: return=minimal); 400 without
                                the key (TripId), 409 if the person already has a trip with it

A contained entity's key is unique within its parent only (People('a')/Trips(1) and
People('b')/Trips(1) are different trips). The trips live where odatapy keeps them, in the
relation table of their parent, so every change shows in GET People('a')/Trips and in
GET People?$expand=Trips. The context URLs of contained entities are their canonical paths
("$metadata#People('a')/Trips" and "$metadata#People('a')/Trips/$entity"; odatapy wrote
"$metadata#Trips").

Change tracking: a contained entity belongs to no entity set, so odatapy records no change for
it. A write through this mixin records a change of the entity at the root of the path (the
person), so the next delta of People reports that person, as it is now, among the changed
entities; a delta of the contained collection itself is not served (odatapy's $deltatoken only
applies to entity sets). The person's own ETag is not changed by a change to its trips.

ETags: --etag-sets names entity sets; contained Trips belong to none and carry no ETag, so a
write to them needs no If-Match, and accepts If-Match: * (a specific If-Match is 412: it can
match no ETag). If-None-Match: * on a trip that exists is 412, as odatapy does for any entity.

Containment nests: People('a')/Trips(1)/PlanItems and People('a')/Trips(1)/PlanItems(2) answer
the same way (a change there records a change of People('a') too), their relations kept under
the path of the contained collection that owns them. A navigation property that is neither
contained nor bound to a set (Trip/Photos) stays odatapy's (400 with a key).
Uses odatapy's private helpers (_step_navigation, _related, _sync_link, _keys_of, ...),
pinned at 5.3.0 by scripts/test-servers.sh.
"""

import dataclasses

from odatapy.edm.json_value import format_key_literal
from odatapy.errors import ODataApplicationException
from odatapy.http.header import HttpHeader
from odatapy.http.prefer import PreferenceName
from odatapy.http.status import HttpStatusCode
from odatapy.server.inmemory import _SKIP_PARTS
from odatapy.server.serializer.json_serializer import EntitySerializerOptions
from odatapy.server.uri.resource import UriResourceNavigation


def contained_part(uri_info):
    """The last resource part if it is a containment navigation property (with or without key), else None."""
    parts = [p for p in uri_info.resource_parts if not isinstance(p, _SKIP_PARTS)]
    part = parts[-1] if len(parts) > 1 else None
    if isinstance(part, UriResourceNavigation) and part.navigation_property.contains_target:
        return part
    return None


class ContainedEntities:
    """GET, PATCH, PUT and DELETE of a contained entity by key, POST to a contained collection."""

    def _is_contained(self, target, nav):
        owner_set = target.entity_set or self._singleton_set(target)
        return (nav.contains_target and owner_set is not None
                and self._nav_target_set(owner_set, nav.name) is None)

    def _step_navigation(self, request, target, part, *, for_write):
        nav = part.navigation_property
        if target.entity is not None and target.entity_set is None and target.singleton is None \
                and target.nav is not None and target.nav.contains_target and target.context_path:
            # The owner is itself contained (People('a')/Trips(1)/PlanItems): odatapy finds no set owning it; its
            # relations are kept under the path of its collection, which is unique as its canonical URL is.
            target.entity_set = _ContainedSet(target.context_path, target.entity_type)
        if target.entity is None or not self._is_contained(target, nav):
            return super()._step_navigation(request, target, part, for_write=for_write)
        owner = target.entity
        owner_set = target.entity_set
        # odatapy's step without the key: the contained collection, its relation seeded.
        super()._step_navigation(request, target, dataclasses.replace(part, key_predicates=[], typed_keys={},
                                                                      type_filter=None), for_write=for_write)
        base = self._base(request)
        if isinstance(owner_set, _ContainedSet):
            target.context_path = "%s(%s)/%s" % (owner_set.name, self._key_literals(owner_set.entity_type, owner),
                                                 nav.name)
        elif owner.id and owner.id.startswith(base + "/"):
            target.context_path = "%s/%s" % (owner.id[len(base) + 1:], nav.name)
        if part.key_predicates:
            keys = self._keys_of(nav.type, part)
            match = next((e for e in target.entities or []
                          if all(e.get_value(name) == value for name, value in keys.items())), None)
            if match is None:
                raise ODataApplicationException("Entity not found.", HttpStatusCode.NOT_FOUND, code="404")
            target.entity = match
            target.entities = None
            target.is_collection = False
        self._apply_type_filter(target, getattr(part, "type_filter", None))

    def _contained_target(self, request, uri_info, *, for_write):
        """The resolved target when the path ends in a containment navigation property, else None."""
        part = contained_part(uri_info)
        if part is None:
            return None
        target = self._resolve(request, uri_info, for_write=for_write)
        return target if target.entity_set is None and target.owner is not None else None

    def _record_root_change(self, request, uri_info):
        """Records a change of the entity at the root of the path (People('a') of People('a')/Trips(1))."""
        parts = [p for p in uri_info.resource_parts if not isinstance(p, _SKIP_PARTS)]
        root = self._walk(request, parts[:1], for_write=False)
        root_set = root.entity_set or self._singleton_set(root)
        if root.entity is not None and root_set is not None:
            self._ensure_id(request, root_set, root.entity)
            self.store.record_change(root_set.name, root.entity, "changed")

    def update_entity(self, request, response, uri_info, request_ct, response_ct):
        with self.lock:
            super().update_entity(request, response, uri_info, request_ct, response_ct)
            if contained_part(uri_info) is not None:
                self._record_root_change(request, uri_info)

    def delete_entity(self, request, response, uri_info):
        with self.lock:
            super().delete_entity(request, response, uri_info)
            if contained_part(uri_info) is not None:
                self._record_root_change(request, uri_info)

    def create_entity(self, request, response, uri_info, request_ct, response_ct):
        with self.lock:
            target = self._contained_target(request, uri_info, for_write=True)
            if target is None or not target.is_collection:
                return super().create_entity(request, response, uri_info, request_ct, response_ct)
            entity = self.odata.create_deserializer(request_ct).entity(
                self.service_metadata.edm, target.entity_type, request.body)
            self.create_contained(request, response, uri_info, target, entity, response_ct)

    def create_contained(self, request, response, uri_info, target, entity, response_ct, *,
                         status=HttpStatusCode.CREATED):
        """Adds `entity` to the contained collection `target` and answers as odatapy's POST does."""
        entity_type = target.entity_type
        names = entity_type.key_predicate_names
        missing = [name for name in names if entity.get_value(name) is None]
        if missing:
            raise ODataApplicationException(
                "The key property %r is required to create an entity in '%s'." % (", ".join(missing), target.nav.name),
                HttpStatusCode.BAD_REQUEST)
        values = {name: entity.get_value(name) for name in names}
        if any(all(e.get_value(n) == v for n, v in values.items()) for e in target.entities or []):
            raise ODataApplicationException(
                "An entity with key (%s) already exists in '%s'."
                % (", ".join("%s=%r" % item for item in values.items()), target.context_path),
                HttpStatusCode.CONFLICT, code="409")
        store = self.store
        store.add_relation(target.owner_set_name, target.owner_key, target.nav.name, entity)
        bucket = store.move_relation(target.owner_set_name, target.owner_key, target.nav.name, entity,
                                     getattr(uri_info, "index", None))
        self._sync_link(target.owner, target.nav, bucket)
        self._record_root_change(request, uri_info)

        location = "%s/%s(%s)" % (self._base(request), target.context_path, self._key_literals(entity_type, entity))
        response.set_header(HttpHeader.LOCATION, location)
        prefs = request.preferences
        if prefs.return_minimal:
            response.set_status(HttpStatusCode.NO_CONTENT)
            response.set_header(HttpHeader.ODATA_ENTITY_ID, location)
            response.add_preference_applied(PreferenceName.RETURN, "minimal")
            return
        options = EntitySerializerOptions(
            context_url=self._context(request, "%s/$entity" % target.context_path),
            omit_values=self._omit_values(request, response),
            service_version=self._version(request))
        body = self._serializer(response_ct, request).entity(self.service_metadata.edm, entity_type, entity, options)
        if prefs.return_representation:
            response.add_preference_applied(PreferenceName.RETURN, "representation")
        self._write(request, response, body, response_ct, status=status)

    @staticmethod
    def _key_literals(entity_type, entity):
        """The key predicate's text: 1, 'a' or Name=1,Other='a'."""
        names = entity_type.key_predicate_names
        literals = []
        for name in names:
            prop = entity_type.get_structural_property(name)
            literal = format_key_literal(entity.get_value(name), prop.type_fqn if prop else None)
            literals.append("%s=%s" % (name, literal) if len(names) > 1 else literal)
        return ",".join(literals)


class _ContainedSet:
    """Stands for the collection of a contained entity where odatapy wants the set that owns a navigation:
    named by the collection's path (People('a')/Trips), binding nothing."""

    def __init__(self, name, entity_type):
        self.name = name
        self.entity_type = entity_type

    def get_binding_target(self, nav_name):
        return None
