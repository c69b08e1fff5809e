"""The records the organization service test server keeps, so that what a client writes is what it reads back:
Create stores its Target under the Target's own id (or, without one, the id the recorded Create answer gives),
Retrieve of a stored record answers it (the ColumnSet's columns, or all), Update changes its attributes, Delete
removes it. A party list (an EntityCollection of activityparty entities, such as an appointment's
requiredattendees) is kept as Dynamics keeps it: each party gets its activitypartyid and the participationtypemask
its list stands for. Records are kept per service root (the path before the endpoint), so that tests do not see
each other's. GET <root>$test/records/<guid> answers what is stored of a record as JSON (404 if none), for a test to
check the server's state without the client's reader:
  {"logicalName": …, "id": …, "attributes": {name: its i:type, or null},
   "partyLists": {name: [{"activitypartyid", "participationtypemask", "partyid", "partyLogicalName", "addressused"}]}}
"""

import copy
import threading
import uuid

from lxml import etree

CONTRACTS = "http://schemas.microsoft.com/xrm/2011/Contracts"
COLLECTIONS = "http://schemas.datacontract.org/2004/07/System.Collections.Generic"
INSTANCE = "http://www.w3.org/2001/XMLSchema-instance"
SERIALIZATION = "http://schemas.microsoft.com/2003/10/Serialization/"
#: The prefixes a stored entity is written with; i:type values name their types through them.
PREFIXES = {
    "a": CONTRACTS,
    "b": COLLECTIONS,
    "c": "http://www.w3.org/2001/XMLSchema",
    "d": SERIALIZATION,
    "e": "http://schemas.microsoft.com/2003/10/Serialization/Arrays",
    "g": "http://schemas.microsoft.com/crm/2011/Contracts",
    "i": INSTANCE,
}
TYPE = "{%s}type" % INSTANCE
EMPTY_ID = "00000000-0000-0000-0000-000000000000"
#: The participation type each party list attribute stands for (the ActivityParty table's documentation).
PARTICIPATION_TYPES = {
    "from": 1, "to": 2, "cc": 3, "bcc": 4, "requiredattendees": 5, "optionalattendees": 6, "organizer": 7,
    "resources": 10, "customers": 11, "customer": 11, "partners": 12, "partner": 12,
}


def a(name):
    return "{%s}%s" % (CONTRACTS, name)


def b(name):
    return "{%s}%s" % (COLLECTIONS, name)


def resolve_types(element):
    """A copy of `element` whose i:type values are in Clark notation ({namespace}name), so that it can be written
    under any prefixes."""
    copied = copy.deepcopy(element)
    originals = list(element.iter())
    for index, node in enumerate(copied.iter()):
        value = node.get(TYPE)
        if value is not None:
            prefix, _, name = value.rpartition(":")
            namespace = originals[index].nsmap.get(prefix or None)
            node.set(TYPE, "{%s}%s" % (namespace, name))
    return copied


def write_types(element):
    """`element` under PREFIXES, its Clark-notation i:type values written with them."""
    inverse = {namespace: prefix for prefix, namespace in PREFIXES.items()}
    written = etree.Element(element.tag, nsmap=PREFIXES)
    for key, value in element.attrib.items():
        written.set(key, value)
    written.text = element.text
    written.extend(copy.deepcopy(child) for child in element)
    for node in written.iter():
        value = node.get(TYPE)
        if value is not None and value.startswith("{"):
            namespace, _, name = value[1:].partition("}")
            node.set(TYPE, "%s:%s" % (inverse[namespace], name))
    return written


def attributes(entity):
    """{name: KeyValuePair element} of an Entity element's attributes."""
    pairs = entity.find(a("Attributes"))
    found = {}
    for pair in pairs if pairs is not None else []:
        key = pair.findtext(b("key"))
        if key is not None:
            found[key] = pair
    return found


def typed(value, name):
    value_type = value.get(TYPE) or ""
    return value_type == "{%s}%s" % (CONTRACTS, name)


def keep_parties(entity):
    """Gives the parties of each party list of a stored entity their id and participation type."""
    for key, pair in attributes(entity).items():
        value = pair.find(b("value"))
        if value is None or not typed(value, "EntityCollection"):
            continue
        for party in value.iter(a("Entity")):
            if party.findtext(a("LogicalName")) != "activityparty":
                continue
            own = attributes(party)
            container = party.find(a("Attributes"))
            if "activitypartyid" not in own:
                add_attribute(container, "activitypartyid", "{%s}guid" % SERIALIZATION, str(uuid.uuid4()))
            if "participationtypemask" not in own and key in PARTICIPATION_TYPES:
                add_attribute(container, "participationtypemask", a("OptionSetValue"), None,
                              value=str(PARTICIPATION_TYPES[key]))


def add_attribute(container, key, value_type, text, value=None):
    pair = etree.SubElement(container, a("KeyValuePairOfstringanyType"))
    etree.SubElement(pair, b("key")).text = key
    element = etree.SubElement(pair, b("value"))
    element.set(TYPE, value_type)
    if value is None:
        element.text = text
    else:
        etree.SubElement(element, a("Value")).text = value


class Records:
    def __init__(self):
        self.records = {}
        self.lock = threading.Lock()

    def create(self, root, target, recorded_id):
        """Stores a Create's Target; the id it is stored under."""
        entity = resolve_types(target)
        record_id = (entity.findtext(a("Id")) or "").lower()
        if not record_id or record_id == EMPTY_ID:
            record_id = recorded_id
            identifier = entity.find(a("Id"))
            if identifier is None:
                identifier = etree.Element(a("Id"))
                entity.find(a("LogicalName")).addprevious(identifier)
            identifier.text = record_id
        keep_parties(entity)
        with self.lock:
            self.records[(root, record_id)] = entity
        return record_id

    def stored(self, root, record_id):
        """A copy of the stored record, None when there is none."""
        with self.lock:
            entity = self.records.get((root, (record_id or "").lower()))
            return copy.deepcopy(entity) if entity is not None else None

    def update(self, root, target):
        """Changes the stored record a Target names; whether there is one."""
        entity = resolve_types(target)
        with self.lock:
            stored = self.records.get((root, (entity.findtext(a("Id")) or "").lower()))
            if stored is None:
                return False
            keep_parties(entity)
            existing = attributes(stored)
            container = stored.find(a("Attributes"))
            for key, pair in attributes(entity).items():
                if key in existing:
                    container.replace(existing[key], pair)
                else:
                    container.append(pair)
            return True

    def delete(self, root, record_id):
        with self.lock:
            return self.records.pop((root, (record_id or "").lower()), None) is not None

    def retrieved(self, root, record_id, columns):
        """The stored record with `columns` (None: all), written for a response; None when there is none."""
        with self.lock:
            stored = self.records.get((root, (record_id or "").lower()))
            if stored is None:
                return None
            entity = copy.deepcopy(stored)
        if columns is not None:
            container = entity.find(a("Attributes"))
            for key, pair in attributes(entity).items():
                if key not in columns:
                    container.remove(pair)
        return write_types(entity)


def summary(entity):
    """What is stored of a record, for GET $test/records (see above)."""
    found = {"logicalName": entity.findtext(a("LogicalName")), "id": entity.findtext(a("Id")), "attributes": {},
             "partyLists": {}}
    for key, pair in attributes(entity).items():
        value = pair.find(b("value"))
        found["attributes"][key] = value.get(TYPE) if value is not None else None
        if value is None or not typed(value, "EntityCollection"):
            continue
        parties = []
        for party in value.iter(a("Entity")):
            own = {name: element.find(b("value")) for name, element in attributes(party).items()}
            reference = own.get("partyid")
            mask = own.get("participationtypemask")
            parties.append({
                "activitypartyid": own["activitypartyid"].text if "activitypartyid" in own else None,
                "participationtypemask": int(mask.findtext(a("Value"))) if mask is not None else None,
                "partyid": reference.findtext(a("Id")) if reference is not None else None,
                "partyLogicalName": reference.findtext(a("LogicalName")) if reference is not None else None,
                "addressused": own["addressused"].text if "addressused" in own else None,
            })
        found["partyLists"][key] = parties
    return found
