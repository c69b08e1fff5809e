"""The organization service's published schemas (the XSDs inlined in its single WSDL), compiled with lxml, for
checking `Execute` and `ExecuteResponse` elements: the test server refuses a request that does not validate and
checks every recorded response it holds before it serves."""

import copy
import tempfile
from pathlib import Path

from lxml import etree

XS = "http://www.w3.org/2001/XMLSchema"
WSDL = "http://schemas.xmlsoap.org/wsdl/"
SERVICES = "http://schemas.microsoft.com/xrm/2011/Contracts/Services"


class OrganizationSchemas:
    """All the WSDL's schemas as one: each written to a file of its own, its imports pointed at the others, and a
    wrapper schema importing them all."""

    def __init__(self, wsdl_path):
        wsdl = etree.parse(str(wsdl_path))
        schemas = wsdl.findall(".//{%s}types/{%s}schema" % (WSDL, XS))
        if not schemas:
            raise ValueError("%s holds no XML schemas" % wsdl_path)
        self.folder = Path(tempfile.mkdtemp(prefix="organization-schemas-"))
        files = {}
        for index, schema in enumerate(schemas):
            files.setdefault(schema.get("targetNamespace", ""), []).append("schema%d.xsd" % index)
        for index, schema in enumerate(schemas):
            schema = copy.deepcopy(schema)
            own = schema.get("targetNamespace", "")
            imported = {element.get("namespace", ""): element for element in schema.findall("{%s}import" % XS)}
            # WCF's schemas lean on the WSDL to import each other: every other namespace is imported here.
            for namespace, names in sorted(files.items()):
                if namespace == own:
                    continue
                element = imported.get(namespace)
                if element is None:
                    element = etree.Element("{%s}import" % XS, namespace=namespace)
                    schema.insert(0, element)
                element.set("schemaLocation", names[0])
            (self.folder / ("schema%d.xsd" % index)).write_bytes(etree.tostring(schema))
        wrapper = etree.Element("{%s}schema" % XS, nsmap={"xs": XS})
        for namespace, names in sorted(files.items()):
            element = etree.SubElement(wrapper, "{%s}import" % XS, namespace=namespace)
            element.set("schemaLocation", names[0])
        wrapper_path = self.folder / "all.xsd"
        wrapper_path.write_bytes(etree.tostring(wrapper))
        self.schema = etree.XMLSchema(etree.parse(str(wrapper_path)))

    def errors(self, element):
        """The schema's complaints about `element` (an Execute or ExecuteResponse), as 'line N: message'; empty when
        it validates."""
        document = etree.ElementTree(copy.deepcopy(element))
        if self.schema.validate(document):
            return []
        return ["line %d: %s" % (error.line, error.message) for error in self.schema.error_log]
