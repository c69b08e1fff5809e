"""A Dynamics organization service (SOAP `Execute`) on 127.0.0.1 for the tests of MobileSdkOrganizationService: it
answers from recorded exchanges and refuses any request envelope that does not validate against the service's
published schemas, with the fault a real server sends for a malformed message.

Responses are files of --exchanges: NAME.xml answers the message NAME; RetrieveMultiple.pageN.xml its page N (the
query's PageInfo/PageNumber, or a FetchXML query's page attribute); NAME.fault.xml answers a message any of whose
parameters names the record ffffffff-ffff-ffff-ffff-ffffffffffff. Every response is validated at start.
Under the path /throttled/, the first request of each message is refused with a service-protection fault whose
Retry-After is one second (once per path and message). Create, Retrieve, Update and Delete also keep the records
they write (organization_records.py): a record created is read back as written. A --bearer-token is required when
given; --windows-auth puts the service behind Windows authentication (NTLM, Negotiate) as IIS does
(windows_auth.py). The request log
has one line per request, beginning with the path before the endpoint, so that a test can find its own lines:
  PATH MESSAGE STATUS caller=GUID|none auth=bearer|none bytes=N
"""

import argparse
import json
import sys
import threading
from pathlib import Path

from lxml import etree

from organization_records import Records, a as contract, b as collection, summary
from organization_schemas import OrganizationSchemas
from server_common import LoggingHandler, ThreadingServer, serve
from windows_auth import require_user_file, windows_authenticated

SOAP = "http://schemas.xmlsoap.org/soap/envelope/"
SERVICES = "http://schemas.microsoft.com/xrm/2011/Contracts/Services"
CONTRACTS = "http://schemas.microsoft.com/xrm/2011/Contracts"
EXECUTE_ACTION = SERVICES + "/IOrganizationService/Execute"
ENDPOINT = "XRMServices/2011/Organization.svc/web"
MISSING = "ffffffff-ffff-ffff-ffff-ffffffffffff"
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


def fault(code, message, details=""):
    """A SOAP fault holding an OrganizationServiceFault."""
    text = (
        '<s:Envelope xmlns:s="%s"><s:Body><s:Fault><faultcode>s:Client</faultcode>'
        "<faultstring>%s</faultstring><detail><OrganizationServiceFault xmlns=\"%s\" "
        'xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><ErrorCode>%d</ErrorCode>'
        '<ErrorDetails xmlns:a="http://schemas.datacontract.org/2004/07/System.Collections.Generic">%s</ErrorDetails>'
        "<Message>%s</Message><Timestamp>2024-01-01T00:00:00Z</Timestamp><InnerFault i:nil=\"true\"/>"
        '<TraceText i:nil="true"/></OrganizationServiceFault></detail></s:Fault></s:Body></s:Envelope>'
    )
    escaped = message.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (text % (SOAP, escaped, CONTRACTS, code, details, escaped)).encode()


SERVICE_PROTECTION = fault(
    -2147015902,
    "Number of requests exceeded the limit of 6000 over time window of 300 seconds.",
    '<a:KeyValuePairOfstringanyType><a:key>Retry-After</a:key><a:value i:type="b:duration" '
    'xmlns:b="http://schemas.microsoft.com/2003/10/Serialization/">00:00:01</a:value></a:KeyValuePairOfstringanyType>',
)


class OrganizationService:
    def __init__(self, schemas, exchanges, bearer_token, request_log):
        self.schemas = schemas
        self.responses = {}
        for path in sorted(Path(exchanges).glob("*.xml")):
            data = path.read_bytes()
            self.check_response(path.name, data)
            self.responses[path.name[: -len(".xml")]] = data
        self.bearer_token = bearer_token
        self.request_log = request_log
        self.throttled = set()
        self.lock = threading.Lock()
        self.records = Records()

    def check_response(self, name, data):
        """Refuses to start with a recorded response the schemas reject."""
        body = etree.fromstring(data, PARSER).find("{%s}Body" % SOAP)
        if body is None or len(body) != 1:
            raise ValueError("%s: not a SOAP envelope with one body element" % name)
        element = body[0]
        if element.tag == "{%s}Fault" % SOAP:
            detail = element.find("detail")
            element = detail[0] if detail is not None and len(detail) else None
        if element is not None:
            errors = self.schemas.errors(element)
            if errors:
                raise ValueError("%s does not validate: %s" % (name, "; ".join(errors)))

    def log(self, line):
        if self.request_log:
            with self.lock, open(self.request_log, "a") as log:
                log.write(line + "\n")

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if environ["REQUEST_METHOD"] == "GET" and "/$test/records/" in path:
            root, _, record_id = path.partition("$test/records/")
            entity = self.records.stored(root, record_id)
            if entity is None:
                start_response("404 Not Found", [("Content-Type", "text/plain")])
                return [b"no such record\n"]
            start_response("200 OK", [("Content-Type", "application/json")])
            return [json.dumps(summary(entity)).encode()]
        if environ["REQUEST_METHOD"] == "GET" and path.endswith("/" + ENDPOINT):
            # What WCF shows a browser: the service is there (the start script's readiness check).
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"Organization service: POST Execute envelopes here.\n"]
        if environ["REQUEST_METHOD"] != "POST" or not path.endswith("/" + ENDPOINT):
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not the organization service endpoint\n"]
        authorization = environ.get("HTTP_AUTHORIZATION", "")
        if self.bearer_token and authorization != "Bearer " + self.bearer_token:
            start_response("401 Unauthorized", [("WWW-Authenticate", "Bearer")])
            self.log("%s - 401 caller=none auth=%s bytes=0" % (self.prefix(path), "bearer" if authorization else "none"))
            return [b""]
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length)
        status, answer, name, caller = self.answer(environ, path, body)
        start_response(status, [("Content-Type", "text/xml; charset=utf-8"), ("Content-Length", str(len(answer)))])
        self.log(
            "%s %s %s caller=%s auth=%s bytes=%d"
            % (
                self.prefix(path), name, status.split(" ")[0], caller or "none",
                "bearer" if authorization else "none", len(body),
            )
        )
        return [answer]

    def answer(self, environ, path, body):
        """The status, response body, message name and caller id of a request."""
        if environ.get("HTTP_SOAPACTION", "").strip('"') != EXECUTE_ACTION:
            return "500 Internal Server Error", fault(-2147220989, "The SOAP action is not Execute."), "-", None
        try:
            envelope = etree.fromstring(body, PARSER)
        except etree.XMLSyntaxError as error:
            return "500 Internal Server Error", fault(-2147220989, "Not well-formed XML: %s" % error), "-", None
        caller = envelope.findtext("{%s}Header/{%s}CallerId" % (SOAP, CONTRACTS))
        execute = envelope.find("{%s}Body/{%s}Execute" % (SOAP, SERVICES))
        if execute is None:
            return "500 Internal Server Error", fault(-2147220989, "The body holds no Execute."), "-", caller
        errors = self.schemas.errors(execute)
        if errors:
            message = "The request does not validate: " + "; ".join(errors)
            return "500 Internal Server Error", fault(-2147220989, message), "-", caller
        request = execute.find("{%s}request" % SERVICES)
        name = request.findtext("{%s}RequestName" % CONTRACTS) or ""
        if path.startswith("/throttled/"):
            with self.lock:
                first = (path, name) not in self.throttled
                self.throttled.add((path, name))
            if first:
                return "500 Internal Server Error", SERVICE_PROTECTION, name, caller
        key = name
        if MISSING in etree.tostring(request, encoding="unicode").lower():
            key = name + ".fault"
        elif name == "RetrieveMultiple":
            key = "%s.page%d" % (name, self.page(request))
        response = self.responses.get(key)
        if response is None:
            return "500 Internal Server Error", fault(-2147220970, "No recorded exchange for %s." % key), name, caller
        if key == name:
            response = self.keep(self.prefix(path), name, request, response)
            if response is None:
                message = "The answer built from the stored record does not validate."
                return "500 Internal Server Error", fault(-2147220989, message), name, caller
        status = "500 Internal Server Error" if key.endswith(".fault") else "200 OK"
        return status, response, name, caller

    def keep(self, root, name, request, response):
        """The answer to a message that writes or reads a kept record (see organization_records.py), else the
        recorded `response`; None when an answer built from a stored record does not validate."""
        target = self.parameter(request, "Target")
        if target is None:
            return response
        if name == "Create":
            recorded = etree.fromstring(response, PARSER).findtext(".//" + collection("value"))
            return response.replace(recorded.encode(), self.records.create(root, target, recorded).encode())
        if name == "Update":
            self.records.update(root, target)
        elif name == "Delete":
            self.records.delete(root, target.findtext(contract("Id")))
        elif name == "Retrieve":
            columns = self.parameter(request, "ColumnSet")
            names = None
            if columns is not None and columns.findtext(contract("AllColumns")) != "true":
                names = {column.text for column in columns.find(contract("Columns"))}
            entity = self.records.retrieved(root, target.findtext(contract("Id")), names)
            if entity is None:
                return response
            envelope = etree.fromstring(response, PARSER)
            value = envelope.find(".//" + contract("Results") + "/" + contract("KeyValuePairOfstringanyType") + "/"
                                  + collection("value"))
            value.getparent().replace(value, entity)
            execute_response = envelope.find("{%s}Body" % SOAP)[0]
            return None if self.schemas.errors(execute_response) else etree.tostring(envelope)
        return response

    @staticmethod
    def parameter(request, name):
        """The value element of a request's parameter `name`."""
        for pair in request.find(contract("Parameters")) if request.find(contract("Parameters")) is not None else []:
            if pair.findtext(collection("key")) == name:
                return pair.find(collection("value"))
        return None

    @staticmethod
    def prefix(path):
        """The path before the endpoint: the service root a client used."""
        return path[: -len(ENDPOINT)] if path.endswith(ENDPOINT) else path

    @staticmethod
    def page(request):
        """The page a RetrieveMultiple asks for: PageInfo/PageNumber, or the FetchXML's page attribute."""
        number = request.findtext(".//{%s}PageInfo/{%s}PageNumber" % (CONTRACTS, CONTRACTS))
        if number:
            return int(number)
        query = request.findtext(".//{%s}Query" % CONTRACTS)
        if query:
            fetch = etree.fromstring(query.encode(), PARSER)
            return int(fetch.get("page", "1"))
        return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--page-size", type=int, default=2, help="unused: the exchanges page themselves")
    parser.add_argument("--wsdl", required=True)
    parser.add_argument("--exchanges", required=True)
    parser.add_argument("--bearer-token")
    parser.add_argument("--request-log")
    parser.add_argument("--ready-file", type=Path)
    # On-premises Dynamics behind IIS (see windows_auth.py).
    parser.add_argument("--windows-auth", action="store_true",
                        help="require Windows authentication (NTLM, Negotiate) of a user of NTLM_USER_FILE")
    parser.add_argument("--windows-log", help="log each request's Windows sign-in to this file")
    arguments = parser.parse_args()
    if arguments.windows_auth:
        require_user_file()
    service = OrganizationService(
        OrganizationSchemas(arguments.wsdl), arguments.exchanges, arguments.bearer_token, arguments.request_log
    )
    handler = windows_authenticated(LoggingHandler, arguments.windows_log) if arguments.windows_auth else LoggingHandler
    server = ThreadingServer(("127.0.0.1", arguments.port), handler)
    server.set_app(service)
    url = "http://127.0.0.1:%d/org/" % server.server_address[1]
    serve(server, url, "Organization service (SOAP)", arguments.ready_file)


if __name__ == "__main__":
    sys.exit(main())
