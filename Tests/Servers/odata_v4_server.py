#!/usr/bin/env python3
"""An OData v4 test server for the integration tests.

Serves the CSDL document given with --metadata (default: SampleMetadata/TripPin.xml)
with odatapy's in-memory processor: every entity set starts empty and lives only as
long as the process. The service root is http://127.0.0.1:PORT/odata/.

Server-driven paging is odatapy's own: collection responses carry at most
--page-size entities plus "@odata.nextLink" (a $skiptoken URL) when more exist; a
client's "Prefer: odata.maxpagesize=N" can only lower that size.

The operations TripPin declares are implemented when the served document is TripPin
(see register_trippin_operations); odatapy alone answers 501 to them. Their rules are
simple and deterministic, so a test can predict each result from data it created:
  GetFavoriteAirline  People(..)/Sample.TripPin.GetFavoriteAirline()
      The Airline whose AirlineCode is the domain of the person's FIRST Emails entry,
      up to its first dot, upper-cased ("x@aa.com" -> "AA"); 204 when there is no such
      email or airline.
  GetFriendsTrips     People(..)/Sample.TripPin.GetFriendsTrips(userName='v')
      The Trips of the person `userName` if that person is among the bound person's
      Friends; otherwise an empty collection.
  GetTripsByTag       People(..)/Trips/Sample.TripPin.GetTripsByTag(tag='t')
      The bound trips whose Tags contain `tag` (exact, case-sensitive), in their order.
  GetNearestAirport   GetNearestAirport(lat=..,lon=..[,requiredFeatures=..])
      The Airport whose Location.Loc is nearest to (lat, lon) by plain Euclidean
      distance on the coordinates (lat vs. the point's latitude, lon vs. its
      longitude); airports without Location.Loc are ignored, and the overload keeps
      only airports whose Features include every flag of requiredFeatures. Ties go to
      the smallest IcaoCode. 204 when no airport qualifies; 400 for INF/NaN.
  ShareTrip           POST People(..)/Sample.TripPin.ShareTrip {"userName":..,"tripId":..}
      Appends a copy of the bound person's trip `tripId` to the (contained) Trips of
      `userName`, visible at GET People('userName')/Trips. 204; nothing changes if
      that person already has a trip with that TripId. 404 for an unknown userName or
      a tripId the bound person does not have.
  ResetDataSource     POST ResetDataSource
      Deletes every entity of every entity set, with all contained Trips and all
      links; 204. The next entity created with a deleted key starts afresh.

For the tests of an offline store (the offline and dvdelta servers of
scripts/test-servers.sh), --track-changes, --dataverse-changes, --upsert and
--generate-guid-keys add the behaviour offline_processing.py describes,
--repeatable-requests that of repeatable_requests.py, and --log-headers puts the request
headers such a store sends into the request log (fetch_guard.py). For the Dataverse-shaped
services, --dataverse-lookups keeps the _x_value properties of lookups and writes their
annotations (dataverse_lookups.py). --windows-auth puts the service behind Windows
authentication (NTLM, Negotiate) as IIS does for on-premises Dynamics (windows_auth.py).

Run by scripts/test-servers.sh; needs the pinned odatapy from that script's venv.
"""

import argparse
import copy
import math
import pathlib
import re
from wsgiref.simple_server import make_server

from odatapy.edm.names import FullQualifiedName
from odatapy.edm.primitives import EdmPrimitiveTypeException
from odatapy.edm.xml_io import XmlEdmProvider
from odatapy.errors import ODataApplicationException
from odatapy.http.status import HttpStatusCode
from odatapy.server import OData
from odatapy.server.adapters import ODataWSGIApp
from odatapy.server.eval import InMemoryExpressionVisitor
from odatapy.server.inmemory import InMemoryDataStore, InMemoryProcessor
from odatapy.server.processor import ActionProcessor, CustomETagSupport

from containment import ContainedEntities
from dataverse_lookups import DataverseLookups, primary_names
from delta_tokens import DeltaTokens, with_expire_control
from entity_definitions import with_entity_definitions
from fetch_guard import guarded
from offline_processing import DataverseChanges, GeneratedGuidKeys, IfNoneMatchUpsert, TrackedChanges
from repeatable_requests import OASIS, repeatable
from server_common import LoggingHandler, ThreadingServer, serve
from windows_auth import require_user_file, windows_authenticated

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVICE_PATH = "/odata"


def _enum_literal_value(visitor, enumeration):
    """An enum literal's integer value, as the in-memory store holds enum properties.

    odatapy 5.3.0 stores an enum property as its member's integer value (its JSON deserializer parses the name),
    but evaluates an enum literal in $filter to the member's name, so `Gender eq Sample.TripPin.PersonGender'Female'`
    matched nothing. With integers on both sides `eq`, `ne` and `has` (bitwise) compare as the specification says.
    """
    if enumeration.enum_type is not None and enumeration.value is not None:
        return enumeration.value
    return _name_enum_literal(visitor, enumeration)


_name_enum_literal = InMemoryExpressionVisitor.visit_enum
InMemoryExpressionVisitor.visit_enum = _enum_literal_value


class RequestHandler(LoggingHandler):
    """Logs requests; leaves out the Content-Type wsgiref invents for body-less requests."""

    def get_environ(self):
        # wsgiref reports "text/plain" for a request without Content-Type, which odatapy
        # answers with 415 even when there is no body (POST ResetDataSource). Leave it
        # out for body-less requests; odatapy then assumes JSON.
        env = super().get_environ()
        if self.headers.get("Content-Type") is None and env.get("CONTENT_LENGTH", "") in ("", "0"):
            env.pop("CONTENT_TYPE", None)
        return env


class ETagSets(CustomETagSupport):
    """Gives the entities of the named sets version ETags (W/"1", W/"2", ...).

    odatapy then answers 428 to a PATCH/PUT/DELETE of such an entity without If-Match.
    """

    def __init__(self, names):
        self.names = set(names)

    def has_etag(self, entity_set_or_singleton):
        return entity_set_or_singleton.name in self.names


# --- TripPin operations -------------------------------------------------------------------
# They use a few private helpers of InMemoryProcessor (_walk, _key_of, _related, _sync_link)
# so that contained Trips and Friends links are read and written exactly as odatapy's own
# GET/POST do; odatapy is pinned (5.3.0) by scripts/test-servers.sh.
NAMESPACE = "Sample.TripPin"


def not_found(message):
    return ODataApplicationException(message, HttpStatusCode.NOT_FOUND, code="404")


class TripPinData:
    """Reads and writes the in-memory store the way InMemoryProcessor does."""

    def __init__(self, processor):
        self.processor = processor
        self.store = processor.store

    @property
    def edm(self):
        return self.processor.service_metadata.edm

    def person(self, user_name):
        """The People entity with this UserName, or None."""
        return next((p for p in self.store.entities("People")
                     if p.get_value("UserName") == user_name), None)

    def related(self, entity_set, entity, nav_name):
        """The targets of a navigation property (contained Trips, Friends, ...)."""
        nav = entity_set.entity_type.get_navigation_property(nav_name)
        key = self.processor._key_of(entity_set, entity)
        return self.processor._related(entity_set, key, entity, nav)

    def add_related(self, entity_set, entity, nav_name, target):
        nav = entity_set.entity_type.get_navigation_property(nav_name)
        key = self.processor._key_of(entity_set, entity)
        self.processor._related(entity_set, key, entity, nav)  # seeds the relation table
        self.store.add_relation(entity_set.name, key, nav_name, target)
        self.processor._sync_link(entity, nav, self.store.relation(entity_set.name, key, nav_name))


def get_favorite_airline(data, target, part):
    """Bound to Person: the Airline named by the domain of the person's first email."""
    emails = target.entity.get_value("Emails") or []
    if not emails or "@" not in emails[0]:
        return None
    code = emails[0].split("@", 1)[1].split(".", 1)[0].upper()
    return next((a for a in data.store.entities("Airlines")
                 if a.get_value("AirlineCode") == code), None)


def get_friends_trips(data, target, part):
    """Bound to Person: the Trips of the friend `userName` (empty if not a friend)."""
    user_name = part.typed_parameters["userName"]
    people = data.edm.get_entity_set("People")
    friend = next((f for f in data.related(people, target.entity, "Friends")
                   if f.get_value("UserName") == user_name), None)
    return [] if friend is None else data.related(people, friend, "Trips")


def get_trips_by_tag(data, target, part):
    """Bound to Collection(Trip): the trips whose Tags contain `tag`."""
    tag = part.typed_parameters["tag"]
    return [t for t in target.entities or [] if tag in (t.get_value("Tags") or [])]


ENUM_LITERAL = re.compile(r"^(?:(?P<type>[A-Za-z_][\w.]*))?'(?P<value>[^']*)'$")


def feature_flags(edm, raw):
    """A Feature parameter as an int; odatapy hands enum function parameters over raw.

    Takes Sample.TripPin.Feature'Wifi,Lounge' (also with the alias, trip.Feature'...'),
    a bare quoted 'Wifi,Lounge', or a number (5); anything else is a 400.
    """
    feature = edm.get_enum_type(FullQualifiedName.parse(NAMESPACE + ".Feature"))
    text = str(raw).strip()
    match = ENUM_LITERAL.match(text)
    try:
        if match is not None:
            qualifier = match.group("type")
            named = edm.get_enum_type(FullQualifiedName.parse(qualifier)) if qualifier else feature
            if named is None or named.full_qualified_name != feature.full_qualified_name:
                raise ValueError("'%s' is not the type Sample.TripPin.Feature" % qualifier)
            text = match.group("value")
        return feature.parse_value(text)
    except (ValueError, EdmPrimitiveTypeException) as error:
        raise ODataApplicationException(
            "requiredFeatures: %s is not a Sample.TripPin.Feature value (%s)." % (raw, error),
            HttpStatusCode.BAD_REQUEST)


def get_nearest_airport(data, target, part):
    """Function import, both overloads: nearest Airport by Euclidean (lat, lon) distance."""
    params = part.typed_parameters
    lat, lon = float(params["lat"]), float(params["lon"])
    if not (math.isfinite(lat) and math.isfinite(lon)):  # odatapy accepts INF and NaN
        raise ODataApplicationException("lat and lon must be finite numbers.",
                                        HttpStatusCode.BAD_REQUEST)
    required = None  # the Feature flags as an int; overload 2 only
    if "requiredFeatures" in params:
        required = feature_flags(data.edm, params["requiredFeatures"])
    best = None
    for airport in data.store.entities("Airports"):
        location = airport.get_value("Location")
        loc_property = location.get_property("Loc") if location is not None else None
        point = loc_property.value if loc_property is not None else None
        if point is None:
            continue
        if required is not None and (airport.get_value("Features") or 0) & required != required:
            continue
        # A GeographyPoint keeps longitude in x and latitude in y, as Decimals.
        rank = (math.hypot(float(point.y) - lat, float(point.x) - lon),
                airport.get_value("IcaoCode"))
        if best is None or rank < best[0]:
            best = (rank, airport)
    return None if best is None else best[1]


class TripPinProcessor(ContainedEntities, InMemoryProcessor):
    """InMemoryProcessor with contained entities addressable by path (containment.py) and three
    fixes for function results.

    - A function returning a single entity may return null: 204 (odatapy itself
      answers 404 "Entity not found.").
    - The result's entity set is also found when the return type is spelled with the
      schema alias (trip.Airline): odatapy compares the unresolved name with the entity
      sets' types, finds none and writes the function's name into the context URL
      ("$metadata#Sample.TripPin.GetFavoriteAirline/$entity").
    - A result of entities that belong to no entity set (contained Trips) has the
      function's return type, not the binding's (odatapy serialized GetFriendsTrips'
      trips as Person), and a collection of them gets the context
      "$metadata#Collection(Sample.TripPin.Trip)" instead of
      "$metadata#Sample.TripPin.GetTripsByTag".
    """

    def _step_function(self, request, target, part):
        super()._step_function(request, target, part)
        if target.entity_set is None and part.return_type_fqn and not part.type_filter:
            # odatapy keeps the binding's type (Person for GetFriendsTrips) here.
            entity_type = self.service_metadata.edm.get_entity_type(
                FullQualifiedName.parse(part.return_type_fqn))
            if entity_type is not None:
                target.entity_type = entity_type
                if target.is_collection:
                    target.context_path = "Collection(%s)" % entity_type.full_qualified_name.fqn

    def _function_result_set(self, part):
        entity_set = super()._function_result_set(part)
        if entity_set is not None or not part.return_type_fqn:
            return entity_set
        edm = self.service_metadata.edm
        entity_type = edm.get_entity_type(FullQualifiedName.parse(part.return_type_fqn))
        if entity_type is None:
            return None
        return next((s for s in edm.entity_container.entity_sets
                     if s.entity_type.full_qualified_name == entity_type.full_qualified_name),
                    None)

    def process_function_entity(self, request, response, uri_info, ct):
        # Runs the (side-effect free) implementation once more than odatapy would.
        with self.lock:
            if self._resolve(request, uri_info).entity is None:
                response.set_status(HttpStatusCode.NO_CONTENT)
                return
            super().process_function_entity(request, response, uri_info, ct)


class TripPinActions(ActionProcessor):
    """ShareTrip and ResetDataSource over the in-memory store; both answer 204."""

    def __init__(self, data):
        self.data = data

    def process_action_void(self, request, response, uri_info, request_ct):
        part = uri_info.last_resource
        action = part.action
        name = action.full_qualified_name.fqn if action is not None else part.name
        # Parameters from the body, converted to their declared types (the binding
        # parameter is not in the body).
        deserializer = self.odata.create_deserializer(request_ct)
        parameters = {n: p.value for n, p in
                      deserializer.action_parameters(self.service_metadata.edm, action,
                                                     request.body or b"").items()}
        with self.data.store.lock:
            if name == NAMESPACE + ".ShareTrip":
                self.share_trip(request, uri_info, parameters)
            elif name == NAMESPACE + ".ResetDataSource":
                self.reset_data_source()
            else:
                raise ODataApplicationException("The action '%s' is not implemented." % name,
                                                HttpStatusCode.NOT_IMPLEMENTED)
        response.set_status(HttpStatusCode.NO_CONTENT)

    def share_trip(self, request, uri_info, parameters):
        data = self.data
        # The binding path (People('u'), Me, People('u')/Friends('v'), ...) resolved as
        # a GET of it would be.
        binding = data.processor._walk(request, uri_info.resource_parts[:-1], for_write=False)
        person = data.processor._require_entity(binding)
        owner_set = binding.entity_set or data.processor._singleton_set(binding)
        trip = next((t for t in data.related(owner_set, person, "Trips")
                     if t.get_value("TripId") == parameters["tripId"]), None)
        if trip is None:
            raise not_found("The person has no trip with TripId %r." % parameters["tripId"])
        recipient = data.person(parameters["userName"])
        if recipient is None:
            raise not_found("No person has the UserName %r." % parameters["userName"])
        people = data.edm.get_entity_set("People")
        if any(t.get_value("TripId") == trip.get_value("TripId")
               for t in data.related(people, recipient, "Trips")):
            return  # already shared (or the recipient has a trip with that id): no change
        shared = copy.deepcopy(trip)
        shared.id = None
        data.add_related(people, recipient, "Trips", shared)

    def reset_data_source(self):
        store = self.data.store
        for set_name in list(store.data):
            for entity in store.entities(set_name):
                store.record_change(set_name, entity, "deleted")  # for $deltatoken readers
            store.set_entities(set_name, [])
        # The relation table holds all links and the contained Trips, all of them now
        # of deleted entities.
        store.relations.clear()


def register_trippin_operations(handler, processor):
    """Registers the operations above if the served document declares TripPin's."""
    edm = processor.service_metadata.edm
    if edm.get_action(FullQualifiedName.parse(NAMESPACE + ".ResetDataSource")) is None:
        return  # another --metadata document
    data = TripPinData(processor)
    for name, implementation in [("GetFavoriteAirline", get_favorite_airline),
                                 ("GetFriendsTrips", get_friends_trips),
                                 ("GetTripsByTag", get_trips_by_tag),
                                 ("GetNearestAirport", get_nearest_airport)]:
        processor.register_function(
            NAMESPACE + "." + name,
            lambda target, part, implementation=implementation:
                implementation(data, target, part))
    handler.register(TripPinActions(data))


def mounted(app, prefix):
    """Answers 404 outside `prefix`; odatapy alone would serve its paths there too."""

    def wrapper(environ, start_response):
        path = environ.get("PATH_INFO", "")
        if path == prefix or path.startswith(prefix + "/"):
            return app(environ, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"Not found; the service root is %s/\n" % prefix.encode()]

    return wrapper


def build_app(metadata_path, page_size, etag_sets, mixins=(), delta_tokens=None, service_version="4.01",
              primary_names_by_type=None):
    """The service, its processor being TripPinProcessor with `mixins` (offline_processing.py,
    dataverse_lookups.py) before it."""
    odata = OData.new_instance()
    service_metadata = odata.create_service_metadata(XmlEdmProvider.from_file(str(metadata_path)),
                                                     service_version=service_version)
    handler = odata.create_handler(service_metadata)
    processor_class = TripPinProcessor
    if mixins:
        processor_class = type("ExtendedProcessor", tuple(mixins) + (TripPinProcessor,),
                               {"delta_tokens": delta_tokens, "primary_names": primary_names_by_type or {}})
    processor = processor_class(InMemoryDataStore(), page_size=page_size or None)
    handler.register(processor)
    if etag_sets:
        handler.register(ETagSets(etag_sets))
    register_trippin_operations(handler, processor)
    return mounted(ODataWSGIApp(handler, mount_path=SERVICE_PATH), SERVICE_PATH)


def processor_mixins(args):
    """The processor mixins the offline and Dataverse flags ask for."""
    mixins = [DataverseLookups] if args.dataverse_lookups else []
    if args.dataverse_changes:
        mixins.append(DataverseChanges)
    elif args.track_changes:
        mixins.append(TrackedChanges)
    if args.upsert:
        mixins.append(IfNoneMatchUpsert)
    if args.generate_guid_keys:
        mixins.append(GeneratedGuidKeys)
    return mixins


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--metadata", default=REPO_ROOT / "SampleMetadata" / "TripPin.xml",
                        type=pathlib.Path, help="CSDL (EDMX 4.0) document to serve")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument("--page-size", type=int, default=0,
                        help="server-driven page size for collections; 0 disables paging")
    parser.add_argument("--odata-version", choices=("4.0", "4.01"), default="4.01",
                        help="the highest OData version answered (Dataverse's Web API: 4.0)")
    parser.add_argument("--etag-sets", default="",
                        help="comma-separated entity sets whose entities carry ETags")
    parser.add_argument("--ready-file", type=pathlib.Path,
                        help="written with the service root URL once the server listens")
    # For the tests of `mobilesdkgen fetch` (see fetch_guard.py); without them, nothing changes.
    parser.add_argument("--bearer-token", help="require this bearer token (or --basic) under the service root")
    parser.add_argument("--basic", metavar="USER:PASSWORD", help="require this basic sign-in (or --bearer-token)")
    parser.add_argument("--metadata-etag", action="store_true",
                        help="serve $metadata with a strong ETag and answer If-None-Match with 304")
    parser.add_argument("--request-log", type=pathlib.Path, help="append one line per request to this file")
    parser.add_argument("--fetch-test-paths", action="store_true",
                        help="serve the misbehaving /fetch-test/ paths of fetch_guard.py")
    # The Dataverse Web API's metadata requests (see entity_definitions.py).
    parser.add_argument("--entity-definitions", type=pathlib.Path,
                        help="answer EntityDefinitions requests from this Web API JSON document")
    parser.add_argument("--latency-ms", type=int, default=0, help="send each EntityDefinitions answer this long after its request arrived")
    parser.add_argument("--copies", type=int, default=0, help="serve each entity definition this many more times")
    # For the tests of an offline store (see offline_processing.py and repeatable_requests.py).
    parser.add_argument("--track-changes", action="store_true",
                        help="delta links on the last page, $filter in deltas, 410 for unknown delta tokens")
    parser.add_argument("--dataverse-changes", action="store_true",
                        help="--track-changes with Dataverse's refused options and deleted-entity ids")
    parser.add_argument("--upsert", action="store_true", help="PATCH with If-None-Match: * creates the entity")
    parser.add_argument("--generate-guid-keys", action="store_true", help="a POST without its GUID key gets one")
    parser.add_argument("--repeatable-requests", action="store_true",
                        help="run requests with Repeatability-Request-ID once and repeat their response")
    parser.add_argument("--log-headers", action="store_true",
                        help="add the offline store's request headers to the request log")
    parser.add_argument("--dataverse-lookups", action="store_true",
                        help="keep the _x_value property of each lookup and write its annotations (Dataverse)")
    # On-premises Dynamics behind IIS (see windows_auth.py).
    parser.add_argument("--windows-auth", action="store_true",
                        help="require Windows authentication (NTLM, Negotiate) of a user of the file NTLM_USER_FILE "
                             "names")
    parser.add_argument("--windows-log", type=pathlib.Path, help="log each request's Windows sign-in to this file")
    args = parser.parse_args()
    if args.windows_auth:
        require_user_file()

    tokens = DeltaTokens() if args.track_changes or args.dataverse_changes else None
    names = primary_names(args.entity_definitions) if args.dataverse_lookups and args.entity_definitions else None
    app = build_app(args.metadata, args.page_size, [n for n in args.etag_sets.split(",") if n],
                    processor_mixins(args), tokens, args.odata_version, names)
    if tokens is not None:
        app = with_expire_control(app, SERVICE_PATH, tokens)
    if args.repeatable_requests:
        app = repeatable(app, dialects=(OASIS,))
    if args.entity_definitions:
        app = with_entity_definitions(app, SERVICE_PATH, args.entity_definitions,
                                      latency_ms=args.latency_ms, copies=args.copies)
    if args.bearer_token or args.basic or args.metadata_etag or args.request_log or args.fetch_test_paths:
        app = guarded(app, SERVICE_PATH, bearer_token=args.bearer_token, basic=args.basic,
                      metadata_etag=args.metadata_etag, request_log=args.request_log,
                      log_headers=args.log_headers, test_paths=args.fetch_test_paths)
    handler_class = windows_authenticated(RequestHandler, args.windows_log) if args.windows_auth else RequestHandler
    server = make_server("127.0.0.1", args.port, app, server_class=ThreadingServer, handler_class=handler_class)
    url = "http://127.0.0.1:%d%s/" % (server.server_port, SERVICE_PATH)
    serve(server, url, "OData v4 service for %s" % args.metadata, args.ready_file)


if __name__ == "__main__":
    main()
