"""Dataverse's lookup properties for the OData v4 test server's Dataverse-shaped services: a processor mixin
the server puts before its processor class when given --dataverse-lookups (scripts/test-servers.sh: the
dataverse and dvdelta servers). It uses a few private helpers of odatapy's InMemoryProcessor
(_process_deep_insert, _reference_parts, _sync_link, _key_of, _nav_target_set, _entity_set_index,
_instance_type, _serializer), pinned at 5.3.0.

Beside a single-valued navigation property (a lookup), Dataverse keeps a read-only property _<name>_value with
the key of the record it points to; the metadata ties the two by the navigation property's
ReferentialConstraint (Property="_parentcustomerid_value" ReferencedProperty="accountid"). odatapy links the
records but leaves the property alone; this mixin keeps it, for every such navigation property of the metadata:
  - a POST or PATCH that binds it ("parentcustomerid_account@odata.bind": "/accounts(<guid>)", or a deep
    insert) and PUT .../<nav>/$ref set the property to the target's key, so that a read returns it and
    $filter=_parentcustomerid_value eq <guid> finds the record;
  - DELETE .../<nav>/$ref, and a PATCH that sets the navigation property or its @odata.bind to null, clear it;
  - navigation properties that share one property (a customer lookup: customerid_account and
    customerid_contact) hold one target at a time: binding one lets the others go.
A $ref write that changes the property is a change of the record for delta responses.
With Prefer: odata.include-annotations asking for them ("*", the term, or its namespace followed by ".*";
"-term" leaves one out), each lookup property that has a value is read (GET, return=representation, delta)
with three annotations, as Dataverse writes them:
  _x_value@OData.Community.Display.V1.FormattedValue            the target's primary name (its
                       PrimaryNameAttribute in the --entity-definitions document, else its "name"), if it has one
  _x_value@Microsoft.Dynamics.CRM.lookuplogicalname             the target's logical name (its entity type's name)
  _x_value@Microsoft.Dynamics.CRM.associatednavigationproperty  the navigation property that links it
Records expanded with $expand get them too (an activity's parties: _partyid_value). Unlike Dataverse, a write to
_x_value itself is stored, not refused.
"""

import contextlib
import json

from odatapy.data import Annotation, ValueType

FORMATTED_VALUE = "OData.Community.Display.V1.FormattedValue"
LOGICAL_NAME = "Microsoft.Dynamics.CRM.lookuplogicalname"
NAVIGATION_PROPERTY = "Microsoft.Dynamics.CRM.associatednavigationproperty"
TERMS = (FORMATTED_VALUE, LOGICAL_NAME, NAVIGATION_PROPERTY)


def primary_names(entity_definitions_path):
    """{logical name: primary name attribute} of a Web API EntityDefinitions document."""
    with open(entity_definitions_path, encoding="utf-8-sig") as f:
        document = json.load(f)
    return {d["LogicalName"]: d["PrimaryNameAttribute"] for d in document.get("value", [])
            if d.get("LogicalName") and d.get("PrimaryNameAttribute")}


def lookup_navigations(entity_type):
    """{navigation property name: (navigation property, property, referenced property)} of the type's lookups:
    its single-valued navigation properties (inherited ones too) with one ReferentialConstraint."""
    lookups = {}
    for name in entity_type.navigation_property_names if entity_type is not None else []:
        nav = entity_type.get_navigation_property(name)
        if nav is not None and not nav.is_collection and len(nav.referential_constraints) == 1:
            constraint = nav.referential_constraints[0]
            lookups[name] = (nav, constraint.property, constraint.referenced_property)
    return lookups


def wanted_terms(preference):
    """The TERMS a Prefer: odata.include-annotations value asks for."""
    patterns = [p.strip() for p in (preference or "").strip().strip('"').split(",") if p.strip()]

    def matches(term, pattern):
        return pattern in ("*", term) or (pattern.endswith(".*") and term.startswith(pattern[:-1]))

    return [t for t in TERMS if any(matches(t, p) for p in patterns if not p.startswith("-"))
            and not any(matches(t, p[1:]) for p in patterns if p.startswith("-"))]


def _with_expanded(entity_type, entities):
    """[(entity, declared type)] of `entities` and of the records expanded into them, at any depth, each once."""
    found, seen, pending = [], set(), [(entity, entity_type) for entity in entities]
    while pending:
        entity, declared = pending.pop(0)
        if id(entity) in seen:
            continue
        seen.add(id(entity))
        found.append((entity, declared))
        for link in entity.navigation_links:
            nav = declared.get_navigation_property(link.title) if declared is not None and link.title else None
            children = list(link.inline_entity_set.entities) if link.inline_entity_set else []
            if link.inline_entity is not None:
                children.append(link.inline_entity)
            pending += [(child, nav.type if nav is not None else None) for child in children]
    return found


class _AnnotatingSerializer:
    """odatapy's serializer, writing the records of entity, entity_collection and delta with the annotations of
    their lookups: added to the stored properties for the call, under the store's lock, then taken away."""

    def __init__(self, inner, processor, terms):
        object.__setattr__(self, "_inner", inner)
        object.__setattr__(self, "_processor", processor)
        object.__setattr__(self, "_terms", terms)

    def __getattr__(self, name):
        return getattr(self._inner, name)

    def __setattr__(self, name, value):
        setattr(self._inner, name, value)

    def entity(self, edm, entity_type, entity, *args, **kwargs):
        with self._annotated(entity_type, [entity]):
            return self._inner.entity(edm, entity_type, entity, *args, **kwargs)

    def entity_collection(self, edm, entity_type, collection, *args, **kwargs):
        with self._annotated(entity_type, collection.entities):
            return self._inner.entity_collection(edm, entity_type, collection, *args, **kwargs)

    def delta(self, edm, entity_type, delta, *args, **kwargs):
        with self._annotated(entity_type, delta.entities):
            return self._inner.delta(edm, entity_type, delta, *args, **kwargs)

    @contextlib.contextmanager
    def _annotated(self, entity_type, entities):
        added = []  # (property, annotation)
        with self._processor.store.lock:
            try:
                sets = self._processor._entity_set_index()
                for entity, declared in _with_expanded(entity_type, entities):
                    for prop, annotation in self._processor._lookup_annotations(entity, declared, sets):
                        if annotation.term in self._terms:
                            prop.annotations.append(annotation)
                            added.append((prop, annotation))
                yield
            finally:
                for prop, annotation in added:
                    prop.annotations.remove(annotation)


class DataverseLookups:
    """Keeps the _x_value property of each lookup and writes its annotations when asked."""

    #: {logical name: primary name attribute}, for the formatted values; set before serving.
    primary_names = {}

    def _process_deep_insert(self, request, entity_set, entity, owner=None):
        holder = owner if owner is not None else entity
        lookups = lookup_navigations(self._instance_type(holder, entity_set.entity_type))
        written, cleared = [], []
        for link in entity.navigation_links:
            if link.title not in lookups:
                continue
            written.append(link.title)
            # "nav": null arrives as a link without targets, "nav@odata.bind": null as the id "None".
            if link.bind_links == ["None"] or (not link.bind_links and link.inline_entity is None):
                link.bind_links = []
                cleared.append(link.title)
        super()._process_deep_insert(request, entity_set, entity, owner)
        key = self._key_of(entity_set, holder)
        for name in cleared:
            self.store.set_relation(entity_set.name, key, name, [])
            self._sync_link(holder, lookups[name][0], [])
        self._sync_lookups(entity_set, holder, written)

    def create_reference(self, request, response, uri_info, request_ct):
        with self.store.lock:
            super().create_reference(request, response, uri_info, request_ct)
            self._references_changed(request, uri_info)

    def delete_reference(self, request, response, uri_info):
        with self.store.lock:
            super().delete_reference(request, response, uri_info)
            self._references_changed(request, uri_info)

    def _references_changed(self, request, uri_info):
        owner_set, owner, nav = self._reference_parts(request, uri_info)
        if self.service_metadata.edm.get_entity_set(owner_set.name) is None:
            return  # a singleton's
        if self._sync_lookups(owner_set, owner, [nav.name]):
            self.store.record_change(owner_set.name, owner, "changed")

    def _sync_lookups(self, entity_set, entity, names):
        """Sets the properties of the lookups `names` of `entity` from its links; whether one changed."""
        entity_type = self._instance_type(entity, entity_set.entity_type)
        lookups = lookup_navigations(entity_type)
        key = self._key_of(entity_set, entity)
        changed = False
        for name in names:
            if name not in lookups:
                continue
            _, prop, referenced = lookups[name]
            sharing = [n for n, lookup in lookups.items() if lookup[1] == prop and n != name]
            targets = self.store.relation(entity_set.name, key, name) or []
            if targets:
                for other in sharing:  # one target per property
                    if self.store.relation(entity_set.name, key, other):
                        self.store.set_relation(entity_set.name, key, other, [])
                        self._sync_link(entity, lookups[other][0], [])
            elif any(self.store.relation(entity_set.name, key, other) for other in sharing):
                continue  # the property is another navigation property's
            value = targets[0].get_value(referenced) if targets else None
            if entity.get_value(prop) != value:
                entity.set_property(prop, value, ValueType.PRIMITIVE,
                                    entity_type.get_structural_property(prop).type_fqn)
                changed = True
        return changed

    def _serializer(self, ct, request):
        serializer = super()._serializer(ct, request)
        terms = wanted_terms(request.preferences.include_annotations) if request is not None else []
        return _AnnotatingSerializer(serializer, self, terms) if terms else serializer

    def _lookup_annotations(self, entity, declared_type, sets):
        """[(property, annotation)] of the lookups of a stored `entity` that have a value; `sets` is
        _entity_set_index()."""
        owner_set = self.service_metadata.edm.get_entity_set(sets.get(id(entity), ""))
        if owner_set is None:
            return []
        lookups = lookup_navigations(self._instance_type(entity, declared_type))
        key = self._key_of(owner_set, entity)
        annotations, done = [], set()
        for name, (nav, prop, referenced) in lookups.items():
            value = entity.get_value(prop)
            if value is None or prop in done:
                continue
            # The navigation property linked to the record, else the first whose entity set holds it.
            candidates = [(n, lookup) for n, lookup in lookups.items() if lookup[1] == prop]
            found = next(((n, t, lookup[0]) for n, lookup in candidates
                          for t in self.store.relation(owner_set.name, key, n) or []
                          if t.get_value(lookup[2]) == value), None)
            if found is None:
                for n, lookup in candidates:
                    target_set = self._nav_target_set(owner_set, n)
                    target = next((t for t in self.store.entities(target_set.name)
                                   if t.get_value(lookup[2]) == value), None) if target_set else None
                    if target is not None:
                        found = (n, target, lookup[0])
                        break
            if found is None:
                continue
            done.add(prop)
            nav_name, target, target_nav = found
            logical_name = self._instance_type(target, target_nav.type).full_qualified_name.name
            stored = entity.get_property(prop)
            primary_name = target.get_value(self.primary_names.get(logical_name, "name"))
            if primary_name is not None:
                annotations.append((stored, Annotation(term=FORMATTED_VALUE, value=str(primary_name))))
            annotations.append((stored, Annotation(term=LOGICAL_NAME, value=logical_name)))
            annotations.append((stored, Annotation(term=NAVIGATION_PROPERTY, value=nav_name)))
        return annotations
