#!/usr/bin/env python3
"""Writes a synthetic Dataverse organization for scripts/organization-benchmark.sh, in both forms a service gives:
DIR/Org.EntityDefinitions.json (what Tests/Servers/entity_definitions.py serves and `mobilesdkgen fetch` writes: the
entities with their attributes, option sets, keys and relationships) and DIR/Org.WebApi.xml (the Web API's
$metadata in the dialect of SampleMetadata/Dataverse.WebApi.xml). Every attribute, entity and relationship is cloned
from the shapes of SampleMetadata/Dataverse.EntityDefinitions.json, so the organization reads as the sample does.

The distribution is a real organization's: most tables small (10-40 columns), a tenth between 40 and 120, a few up
to 300 and a handful (1.5 %) over 300; local and global option sets (a shared pool of global ones), state and status
codes, lookups with one target, customer lookups (account, contact), owner lookups (systemuser, team) and
createdby/modifiedby on every table, activities derived from activitypointer with regarding lookups of several
targets, and N:N relationships. The same SEED and TABLES give the same bytes.

With --change TABLE the organization is written again with one more column on that table (what an administrator's
customization does); every other byte of the entity's neighbours stays the same.

Usage: scripts/write-organization.py [--tables N] [--seed S] [--change TABLE] DIR
"""

import argparse
import copy
import json
import pathlib
import random
import uuid
from xml.sax.saxutils import quoteattr

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "SampleMetadata" / "Dataverse.EntityDefinitions.json"
NAMESPACE = uuid.UUID("8b0b6a53-5c8e-4a4e-9a52-0d1f6c2b4141")
EXPANDABLE = ("Attributes", "Keys", "ManyToOneRelationships", "OneToManyRelationships", "ManyToManyRelationships")

# Word pairs (English, German) that names and labels are made of.
WORDS = [("account", "Konto"), ("asset", "Anlage"), ("audit", "Prüfung"), ("batch", "Charge"),
         ("billing", "Abrechnung"), ("booking", "Buchung"), ("branch", "Filiale"), ("budget", "Budget"),
         ("campaign", "Kampagne"),
         ("carrier", "Spediteur"), ("case", "Fall"), ("certificate", "Zertifikat"), ("claim", "Anspruch"),
         ("contract", "Vertrag"), ("cost", "Kosten"), ("country", "Land"), ("coverage", "Abdeckung"),
         ("customer", "Kunde"), ("delivery", "Lieferung"), ("depot", "Depot"), ("device", "Gerät"),
         ("discount", "Rabatt"), ("document", "Dokument"), ("driver", "Fahrer"), ("entitlement", "Anrecht"),
         ("equipment", "Ausrüstung"), ("event", "Ereignis"), ("expense", "Ausgabe"), ("facility", "Einrichtung"),
         ("fleet", "Flotte"), ("forecast", "Prognose"), ("grant", "Zuschuss"), ("incident", "Vorfall"),
         ("inspection", "Inspektion"), ("invoice", "Rechnung"), ("item", "Artikel"), ("journal", "Journal"),
         ("ledger", "Hauptbuch"), ("license", "Lizenz"), ("location", "Standort"), ("maintenance", "Wartung"),
         ("market", "Markt"), ("member", "Mitglied"), ("milestone", "Meilenstein"), ("order", "Auftrag"),
         ("package", "Paket"), ("partner", "Partner"), ("payment", "Zahlung"), ("permit", "Genehmigung"),
         ("plan", "Plan"), ("policy", "Police"), ("portfolio", "Portfolio"), ("price", "Preis"),
         ("program", "Programm"), ("project", "Projekt"), ("property", "Immobilie"), ("quota", "Quote"),
         ("rate", "Satz"), ("region", "Region"), ("renewal", "Verlängerung"), ("request", "Anfrage"),
         ("resource", "Ressource"), ("route", "Route"), ("schedule", "Zeitplan"), ("segment", "Segment"),
         ("service", "Dienst"), ("shipment", "Sendung"), ("site", "Gelände"), ("skill", "Fähigkeit"),
         ("store", "Laden"), ("supplier", "Lieferant"), ("survey", "Umfrage"), ("tariff", "Tarif"),
         ("territory", "Gebiet"), ("ticket", "Ticket"), ("training", "Schulung"), ("vehicle", "Fahrzeug"),
         ("vendor", "Anbieter"), ("visit", "Besuch"), ("warranty", "Garantie"), ("work", "Arbeit"), ("zone", "Zone")]
PUBLISHERS = ["new", "cr4f1", "msdyn", "contoso", "adx"]
# Attribute kinds and their weights among a table's ordinary columns.
KINDS = [("String", 30), ("Integer", 8), ("Decimal", 5), ("Money", 6), ("Double", 3), ("BigInt", 1), ("DateTime", 12),
         ("Boolean", 9), ("Memo", 4), ("Picklist", 10), ("GlobalPicklist", 5), ("MultiSelectPicklist", 2),
         ("Lookup", 9), ("Customer", 1), ("Image", 1), ("File", 1)]


def label(text_en, text_de):
    """A Label in the sample's shape: English and German, the user's language English."""
    english = {"Label": text_en, "LanguageCode": 1033}
    return {"LocalizedLabels": [english, {"Label": text_de, "LanguageCode": 1031}], "UserLocalizedLabel": english}


def no_label():
    return {"LocalizedLabels": [], "UserLocalizedLabel": None}


class Organization:
    def __init__(self, tables, seed, change):
        self.random = random.Random(seed)
        self.tables = tables
        self.change = change
        with open(SAMPLE, encoding="utf-8") as f:
            self.sample = {e["LogicalName"]: e for e in json.load(f)["value"]}
        self.templates = {}
        for entity in self.sample.values():
            for attribute in entity["Attributes"]:
                key = (attribute.get("@odata.type", ""), attribute["AttributeType"])
                self.templates.setdefault(key, attribute)
        self.entities = {}
        self.order = []

    def id(self, *parts):
        return str(uuid.uuid5(NAMESPACE, "/".join(parts)))

    def template(self, odata_type, attribute_type):
        return self.templates[("#Microsoft.Dynamics.CRM." + odata_type if odata_type else "", attribute_type)]

    # Tables

    def plan(self):
        """(logical name, words, kind, column count) of every table, kind one of table, activity."""
        rng = self.random
        plans = [("systemuser", [("user", "Benutzer")], "core", 120), ("team", [("team", "Team")], "core", 40),
                 ("account", [("account", "Firma")], "core", 340), ("contact", [("contact", "Kontakt")], "core", 320),
                 ("activitypointer", [("activity", "Aktivität")], "pointer", 0)]
        activities = 0
        names = {p[0] for p in plans}
        while len(plans) < self.tables:
            is_activity = rng.random() < 0.05 and activities < 40
            count = 1 + (rng.random() < 0.6)
            words = rng.sample(WORDS, count)
            name = "%s_%s" % (rng.choice(PUBLISHERS), "".join(w[0] for w in words))
            if name in names:
                continue
            names.add(name)
            draw = rng.random()
            if draw < 0.015:
                columns = rng.randint(300, 420)
            elif draw < 0.05:
                columns = rng.randint(120, 300)
            elif draw < 0.17:
                columns = rng.randint(40, 120)
            else:
                columns = rng.randint(10, 40)
            activities += is_activity
            plans.append((name, words, "activity" if is_activity else "table", columns))
        return plans

    def build(self):
        plans = self.plan()
        self.names = [p[0] for p in plans]
        self.global_sets = [self.option_set("global_%02d" % i, True, self.random.randint(3, 15))
                            for i in range(40)]
        for name, words, kind, columns in plans:
            self.entities[name] = self.entity(name, words, kind)
        activities = [n for n, _, k, _ in plans if k == "activity"]
        self.activity_names = activities
        for name, words, kind, columns in plans:
            self.columns(name, kind, columns)
        self.many_to_many()
        if self.change:   # last, so that the random draws before it stay the same
            if self.change not in self.entities:
                raise SystemExit("write-organization: no table %r to change" % self.change)
            self.add(self.change, "String", "new_changedcolumn", ("Changed", "Geändert"))
        for entity in self.entities.values():
            for key in ("OneToManyRelationships", "ManyToOneRelationships", "ManyToManyRelationships"):
                entity[key].sort(key=lambda r: r["SchemaName"])

    def entity(self, name, words, kind):
        english = " ".join(w[0].capitalize() for w in words)
        german = " ".join(w[1] for w in words)
        entity = {k: copy.deepcopy(v) for k, v in self.sample["account"].items() if k not in EXPANDABLE}
        schema = name if "_" not in name else name.split("_", 1)[0] + "_" + "".join(w[0].capitalize() for w in words)
        if "_" not in name:
            schema = name[0].upper() + name[1:]
        plural = name[:-1] + "ies" if name.endswith("y") and not name.endswith(("ay", "ey", "oy")) else name + "s"
        entity.update({
            "MetadataId": self.id("entity", name), "LogicalName": name, "SchemaName": schema,
            "CollectionSchemaName": schema + "s", "LogicalCollectionName": plural, "EntitySetName": plural,
            "DisplayName": label(english, german), "DisplayCollectionName": label(english + "s", german),
            "Description": label("Records of type %s." % english.lower(), "Datensätze vom Typ %s." % german)
            if self.random.random() < 0.5 else no_label(),
            "IsActivity": kind in ("activity", "pointer"), "IsCustomEntity": "_" in name,
            "ObjectTypeCode": 10000 + len(self.entities), "ActivityTypeMask": 1 if kind == "activity" else 0,
            "OwnershipType": "UserOwned" if name not in ("systemuser",) else "BusinessOwned",
            "PrimaryIdAttribute": "activityid" if kind in ("activity", "pointer") else name.split("_")[-1] + "id",
            "PrimaryNameAttribute": "subject" if kind in ("activity", "pointer") else "name",
            "Attributes": [], "Keys": [], "ManyToOneRelationships": [], "OneToManyRelationships": [],
            "ManyToManyRelationships": [],
        })
        if name in self.sample:   # the sample's names, as a real organization has them
            for key in ("SchemaName", "CollectionSchemaName", "EntitySetName", "LogicalCollectionName",
                        "PrimaryIdAttribute", "PrimaryNameAttribute", "DisplayName", "DisplayCollectionName"):
                entity[key] = copy.deepcopy(self.sample[name][key])
        entity["Kind"] = kind
        return entity

    def columns(self, name, kind, columns):
        entity = self.entities[name]
        rng = self.random
        if kind in ("activity", "pointer"):
            self.add(name, "Uniqueidentifier", "activityid", ("Activity", "Aktivität"), primary_id=True)
            self.add(name, "String", "subject", ("Subject", "Betreff"), primary_name=True)
            self.add(name, "Memo", "description", ("Description", "Beschreibung"))
            self.add(name, "DateTime", "scheduledend", ("Due", "Fällig"))
            self.add(name, "Integer", "actualdurationminutes", ("Duration", "Dauer"))
            self.add(name, "Picklist", "prioritycode", ("Priority", "Priorität"))
            self.add(name, "Lookup", "regardingobjectid", ("Regarding", "Bezug"), targets=self.regarding_targets())
        else:
            self.add(name, "Uniqueidentifier", entity["PrimaryIdAttribute"], ("Identifier", "Kennung"),
                     primary_id=True)
            self.add(name, "String", entity["PrimaryNameAttribute"], ("Name", "Name"), primary_name=True)
        self.add(name, "State", "statecode", ("Status", "Status"))
        self.add(name, "Status", "statuscode", ("Status Reason", "Statusgrund"))
        self.add(name, "Owner", "ownerid", ("Owner", "Besitzer"), targets=["systemuser", "team"])
        self.add(name, "Lookup", "createdby", ("Created By", "Erstellt von"), targets=["systemuser"])
        self.add(name, "Lookup", "modifiedby", ("Modified By", "Geändert von"), targets=["systemuser"])
        self.add(name, "DateTime", "createdon", ("Created On", "Erstellt am"))
        self.add(name, "DateTime", "modifiedon", ("Modified On", "Geändert am"))
        self.add(name, "BigInt", "versionnumber", ("Version Number", "Versionsnummer"))
        if kind == "pointer":
            return
        kinds = [k for k, _ in KINDS]
        weights = [w for _, w in KINDS]
        used = {a["LogicalName"] for a in entity["Attributes"]}
        prefix = name.split("_")[0] + "_" if "_" in name else "new_"
        while len(entity["Attributes"]) < columns:
            attribute_kind = rng.choices(kinds, weights)[0]
            words = rng.sample(WORDS, 1 + (rng.random() < 0.5))
            logical = prefix + "".join(w[0] for w in words)
            if attribute_kind in ("Lookup", "Customer"):
                logical += "id"
            if logical in used:
                continue
            used.add(logical)
            text = (" ".join(w[0].capitalize() for w in words), " ".join(w[1] for w in words))
            targets = None
            if attribute_kind == "Lookup":
                targets = [rng.choice(self.names)]
            elif attribute_kind == "Customer":
                targets = ["account", "contact"]
            self.add(name, attribute_kind, logical, text, targets=targets)
        if rng.random() < 0.1 and kind == "table":
            entity["Keys"].append({
                "MetadataId": self.id("key", name), "HasChanged": None, "DisplayName": label("Number Key", "Nummer"),
                "EntityKeyIndexStatus": "Active", "EntityLogicalName": name,
                "KeyAttributes": [entity["PrimaryNameAttribute"]], "LogicalName": name + "_namekey",
                "SchemaName": name + "_NameKey"})

    def regarding_targets(self):
        """The tables an activity can be about: account, contact and a few others."""
        others = sorted(self.random.sample([n for n in self.names[5:]], 6))
        return ["account", "contact"] + others

    def add(self, name, kind, logical, text, targets=None, primary_id=False, primary_name=False):
        entity = self.entities[name]
        odata, attribute_type = {
            "Uniqueidentifier": ("UniqueIdentifierAttributeMetadata", "Uniqueidentifier"),
            "String": ("StringAttributeMetadata", "String"), "Memo": ("MemoAttributeMetadata", "Memo"),
            "Integer": ("IntegerAttributeMetadata", "Integer"), "Decimal": ("DecimalAttributeMetadata", "Decimal"),
            "Money": ("MoneyAttributeMetadata", "Money"), "Double": ("DoubleAttributeMetadata", "Double"),
            "BigInt": ("BigIntAttributeMetadata", "BigInt"), "DateTime": ("DateTimeAttributeMetadata", "DateTime"),
            "Boolean": ("BooleanAttributeMetadata", "Boolean"), "Picklist": ("PicklistAttributeMetadata", "Picklist"),
            "GlobalPicklist": ("PicklistAttributeMetadata", "Picklist"),
            "MultiSelectPicklist": ("MultiSelectPicklistAttributeMetadata", "Virtual"),
            "State": ("StateAttributeMetadata", "State"), "Status": ("StatusAttributeMetadata", "Status"),
            "Lookup": ("LookupAttributeMetadata", "Lookup"), "Customer": ("LookupAttributeMetadata", "Customer"),
            "Owner": ("LookupAttributeMetadata", "Owner"), "Image": ("ImageAttributeMetadata", "Virtual"),
            "File": ("FileAttributeMetadata", "Virtual"),
        }[kind]
        attribute = copy.deepcopy(self.template(odata, attribute_type))
        schema = "".join(part.capitalize() for part in logical.split("_")) if "_" not in logical else \
            logical.split("_", 1)[0] + "_" + logical.split("_", 1)[1].capitalize()
        attribute.update({
            "MetadataId": self.id("attribute", name, logical), "AttributeOf": None, "EntityLogicalName": name,
            "LogicalName": logical, "SchemaName": schema, "DisplayName": label(*text),
            "Description": label("The %s of the record." % text[0].lower(), "%s des Datensatzes." % text[1])
            if self.random.random() < 0.3 else no_label(),
            "IsCustomAttribute": logical.startswith(tuple(p + "_" for p in PUBLISHERS)),
            "IsPrimaryId": primary_id, "IsPrimaryName": primary_name,
        })
        if kind in ("Picklist", "MultiSelectPicklist", "State", "Status", "Boolean"):
            option_set = self.option_set("%s_%s" % (name, logical), False, self.random.randint(2, 12), kind)
            attribute["OptionSet"] = option_set
            attribute["GlobalOptionSet"] = None
        elif kind == "GlobalPicklist":
            option_set = self.random.choice(self.global_sets)
            attribute["OptionSet"] = copy.deepcopy(option_set)
            attribute["GlobalOptionSet"] = copy.deepcopy(option_set)
        if targets is not None:
            attribute["Targets"] = targets
            for target in targets:
                self.relate(name, logical, target, len(targets) > 1)
        entity["Attributes"].append(attribute)
        if kind in ("Picklist", "GlobalPicklist", "Status", "Boolean") and self.random.random() < 0.3:
            virtual = copy.deepcopy(self.templates[("", "Virtual")])
            virtual.update({"MetadataId": self.id("attribute", name, logical + "name"), "AttributeOf": logical,
                            "EntityLogicalName": name, "LogicalName": logical + "name", "SchemaName": schema + "Name",
                            "DisplayName": label(text[0] + " (Name)", text[1] + " (Name)")})
            entity["Attributes"].append(virtual)

    def option_set(self, name, is_global, count, kind="Picklist"):
        words = self.random.sample(WORDS, min(count, len(WORDS)))
        if kind == "Boolean":
            sample = self.template("BooleanAttributeMetadata", "Boolean")["OptionSet"]
            result = copy.deepcopy(sample)
        else:
            key = {"State": "StateAttributeMetadata", "Status": "StatusAttributeMetadata"}.get(kind)
            sample = self.template(key, kind)["OptionSet"] if key else \
                self.template("PicklistAttributeMetadata", "Picklist")["OptionSet"]
            result = copy.deepcopy(sample)
            base = 100000000 if is_global or kind == "MultiSelectPicklist" else 1
            if kind in ("State", "Status"):
                result["Options"] = result["Options"][:2] if kind == "State" else result["Options"]
            else:
                options = []
                for index, (english, german) in enumerate(words):
                    option = {"Label": label(english.capitalize(), german), "Value": base + index}
                    if self.random.random() < 0.3:
                        option["Color"] = "#%06X" % self.random.randrange(1 << 24)
                    options.append(option)
                result["Options"] = options
        result.update({"MetadataId": self.id("optionset", name), "Name": name, "IsGlobal": is_global,
                       "IsCustomOptionSet": is_global or "_" in name.split("_", 1)[-1]})
        return result

    def relate(self, name, logical, target, several):
        if target not in self.entities:
            return
        schema = "%s_%s_%s" % (target, name, logical)
        navigation = "%s_%s" % (logical, target) if several else logical
        if logical == "regardingobjectid" and self.entities[name]["Kind"] == "activity":
            navigation += "_" + name   # as Dataverse names them, apart from activitypointer's
        relationship = {
            "MetadataId": self.id("relationship", schema), "IsCustomRelationship": "_" in name,
            "SchemaName": schema, "SecurityTypes": "Append", "RelationshipType": "OneToManyRelationship",
            "CascadeConfiguration": copy.deepcopy(self.sample["contact"]["ManyToOneRelationships"][0]
                                                  ["CascadeConfiguration"]),
            "ReferencedAttribute": self.entities[target]["PrimaryIdAttribute"], "ReferencedEntity": target,
            "ReferencedEntityNavigationPropertyName": schema, "ReferencingAttribute": logical,
            "ReferencingEntity": name, "ReferencingEntityNavigationPropertyName": navigation}
        self.entities[name]["ManyToOneRelationships"].append(relationship)
        self.entities[target]["OneToManyRelationships"].append(copy.deepcopy(relationship))

    def many_to_many(self):
        rng = self.random
        tables = [n for n in self.names if self.entities[n]["Kind"] in ("table", "core")]
        seen = set()
        while len(seen) < 120:
            first, second = sorted(rng.sample(tables, 2))
            schema = "%s_%s_%s" % (first.split("_")[0], first.split("_")[-1], second.split("_")[-1])
            if schema in seen:
                continue
            seen.add(schema)
            relationship = {
                "MetadataId": self.id("relationship", schema), "IsCustomRelationship": True, "SchemaName": schema,
                "SecurityTypes": "Append", "RelationshipType": "ManyToManyRelationship",
                "Entity1IntersectAttribute": self.entities[first]["PrimaryIdAttribute"], "Entity1LogicalName": first,
                "Entity1NavigationPropertyName": schema,
                "Entity2IntersectAttribute": self.entities[second]["PrimaryIdAttribute"],
                "Entity2LogicalName": second, "Entity2NavigationPropertyName": schema, "IntersectEntityName": schema}
            self.entities[first]["ManyToManyRelationships"].append(relationship)
            self.entities[second]["ManyToManyRelationships"].append(copy.deepcopy(relationship))

    # Output

    def definitions(self):
        value = []
        for name in sorted(self.entities):
            entity = {k: v for k, v in self.entities[name].items() if k != "Kind"}
            value.append(entity)
        context = ("https://contoso-org.crm.dynamics.com/api/data/v9.2/$metadata#EntityDefinitions(Attributes(),"
                   "Keys(),ManyToManyRelationships(),ManyToOneRelationships(),OneToManyRelationships())")
        return json.dumps({"@odata.context": context, "value": value}, ensure_ascii=False) + "\n"

    EDM = {"Uniqueidentifier": "Edm.Guid", "String": "Edm.String", "Memo": "Edm.String", "Integer": "Edm.Int32",
           "Picklist": "Edm.Int32", "State": "Edm.Int32", "Status": "Edm.Int32", "Decimal": "Edm.Decimal",
           "Money": "Edm.Decimal", "Double": "Edm.Double", "BigInt": "Edm.Int64", "DateTime": "Edm.DateTimeOffset",
           "Boolean": "Edm.Boolean", "EntityName": "Edm.String", "ManagedProperty": "Edm.Boolean"}

    def csdl(self):
        out = ['<?xml version="1.0" encoding="utf-8"?>',
               '<!-- Written by scripts/write-organization.py: a synthetic Dataverse organization (Web API $metadata)'
               ' in the shapes of SampleMetadata/Dataverse.WebApi.xml. -->',
               '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
               '  <edmx:Reference Uri="https://oasis-tcs.github.io/odata-vocabularies/vocabularies/'
               'Org.OData.Core.V1.xml">',
               '    <edmx:Include Namespace="Org.OData.Core.V1" Alias="Core"/>', '  </edmx:Reference>',
               '  <edmx:DataServices>',
               '    <Schema Namespace="Microsoft.Dynamics.CRM" Alias="mscrm" '
               'xmlns="http://docs.oasis-open.org/odata/ns/edm">',
               '      <EntityType Name="crmbaseentity" Abstract="true"/>']
        pointer = {a["LogicalName"] for a in self.entities["activitypointer"]["Attributes"]}
        pointer_navigations = {r["ReferencingEntityNavigationPropertyName"]
                               for r in self.entities["activitypointer"]["ManyToOneRelationships"]}
        sets = []
        for name in ["activitypointer"] + sorted(n for n in self.entities if n != "activitypointer"):
            entity = self.entities[name]
            derived = entity["Kind"] == "activity"
            base = "mscrm.activitypointer" if derived else "mscrm.crmbaseentity"
            out.append('      <EntityType Name="%s" BaseType="%s">' % (name, base))
            if not derived:
                out += ['        <Key>', '          <PropertyRef Name="%s"/>' % entity["PrimaryIdAttribute"],
                        '        </Key>']
            bindings = []
            for attribute in entity["Attributes"]:
                logical, kind = attribute["LogicalName"], attribute["AttributeType"]
                if derived and logical in pointer:
                    continue
                if kind in ("Lookup", "Customer", "Owner"):
                    out.append('        <Property Name="_%s_value" Type="Edm.Guid"/>' % logical)
                    continue
                edm = self.EDM.get(kind)
                if kind == "Virtual":
                    type_name = attribute.get("@odata.type", "")
                    edm = {"#Microsoft.Dynamics.CRM.MultiSelectPicklistAttributeMetadata": "Edm.String",
                           "#Microsoft.Dynamics.CRM.ImageAttributeMetadata": "Edm.Binary"}.get(type_name)
                if edm is None:
                    continue
                facets = ' MaxLength="%d"' % (100 if kind == "String" else 2000) if kind in ("String", "Memo") else ""
                if kind in ("Money", "Decimal"):
                    facets = ' Precision="19" Scale="4"'
                if kind == "DateTime":
                    facets = ' Precision="0"'
                nullable = ' Nullable="false"' if attribute["IsPrimaryId"] else ""
                out.append('        <Property Name="%s" Type="%s"%s%s/>' % (logical, edm, nullable, facets))
            for relationship in entity["ManyToOneRelationships"]:
                navigation = relationship["ReferencingEntityNavigationPropertyName"]
                if derived and navigation in pointer_navigations:
                    continue
                target = relationship["ReferencedEntity"]
                out += ['        <NavigationProperty Name="%s" Type="mscrm.%s" Partner="%s">' % (
                            navigation, target, relationship["ReferencedEntityNavigationPropertyName"]),
                        '          <ReferentialConstraint Property="_%s_value" ReferencedProperty="%s"/>' % (
                            relationship["ReferencingAttribute"], relationship["ReferencedAttribute"]),
                        '        </NavigationProperty>']
                bindings.append((navigation, self.entities[target]["EntitySetName"]))
            for relationship in entity["OneToManyRelationships"]:
                navigation = relationship["ReferencedEntityNavigationPropertyName"]
                source = relationship["ReferencingEntity"]
                out.append('        <NavigationProperty Name="%s" Type="Collection(mscrm.%s)" Partner="%s"/>' % (
                    navigation, source, relationship["ReferencingEntityNavigationPropertyName"]))
                bindings.append((navigation, self.entities[source]["EntitySetName"]))
            for relationship in entity["ManyToManyRelationships"]:
                navigation = relationship["SchemaName"]
                other = relationship["Entity2LogicalName"] if relationship["Entity1LogicalName"] == name \
                    else relationship["Entity1LogicalName"]
                out.append('        <NavigationProperty Name="%s" Type="Collection(mscrm.%s)" Partner="%s"/>' % (
                    navigation, other, navigation))
                bindings.append((navigation, self.entities[other]["EntitySetName"]))
            if entity["Description"]["UserLocalizedLabel"]:
                out.append('        <Annotation Term="Org.OData.Core.V1.Description" String=%s/>' % quoteattr(
                    entity["Description"]["UserLocalizedLabel"]["Label"]))
            out.append('      </EntityType>')
            sets.append((entity["EntitySetName"], name, bindings))
        out.append('      <EntityContainer Name="System">')
        for set_name, name, bindings in sorted(sets):
            out.append('        <EntitySet Name="%s" EntityType="Microsoft.Dynamics.CRM.%s">' % (set_name, name))
            for path, target in bindings:
                out.append('          <NavigationPropertyBinding Path="%s" Target="%s"/>' % (path, target))
            out.append('        </EntitySet>')
        out += ['      </EntityContainer>', '    </Schema>', '  </edmx:DataServices>', '</edmx:Edmx>']
        return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=pathlib.Path)
    parser.add_argument("--tables", type=int, default=800)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--change", help="add one column to this table")
    arguments = parser.parse_args()
    organization = Organization(arguments.tables, arguments.seed, arguments.change)
    organization.build()
    arguments.directory.mkdir(parents=True, exist_ok=True)
    (arguments.directory / "Org.EntityDefinitions.json").write_text(organization.definitions(), encoding="utf-8")
    (arguments.directory / "Org.WebApi.xml").write_text(organization.csdl(), encoding="utf-8")
    entities = organization.entities.values()
    columns = sorted(len(e["Attributes"]) for e in entities)
    print("write-organization: %d tables (%d activities), %d columns (median %d, largest %d), %d over 300, "
          "%d N:N relationships" % (len(columns), sum(e["Kind"] == "activity" for e in entities), sum(columns),
                                    columns[len(columns) // 2], columns[-1], sum(c > 300 for c in columns),
                                    sum(len(e["ManyToManyRelationships"]) for e in entities) // 2))


if __name__ == "__main__":
    main()
