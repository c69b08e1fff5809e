import Foundation
import MobileSdk

/// The envelopes of `Execute`: the request written in SOAP 1.1, the response or fault read in SOAP 1.1 or 1.2.
enum SOAPEnvelope {
    /// An `Execute` envelope for `request`; `callerId` runs it as that user (impersonation).
    static func execute(_ request: OrganizationRequest, callerId: UUID?) throws(OrganizationServiceError) -> Data {
        var writer = DataContractWriter()
        writer.xml.start("s:Envelope", ["xmlns:s": XMLNamespaces.soapEnvelope])
        if let callerId {
            writer.xml.start("s:Header")
            writer.xml.element("CallerId", ["xmlns": XMLNamespaces.contracts], value: callerId.uuidString.lowercased())
            writer.xml.end()
        }
        writer.xml.start("s:Body")
        var attributes: [(String, String)] = [("xmlns", XMLNamespaces.services)]
        attributes += DataContractWriter.prefixes.map { ($0.key, $0.value) }
        writer.xml.start("Execute", attributeList: attributes)
        writer.xml.start("request", ["i:type": "a:OrganizationRequest"])
        writer.xml.start("a:Parameters")
        for (name, value) in request.parameters {
            writer.xml.start("a:KeyValuePairOfstringanyType")
            writer.xml.element("b:key", value: name)
            try writer.value("b:value", value)
            writer.xml.end()
        }
        writer.xml.end()
        writer.xml.start("a:RequestId", ["i:nil": "true"])
        writer.xml.end()
        writer.xml.element("a:RequestName", value: request.name)
        writer.xml.end()
        writer.xml.end()
        writer.xml.end()
        writer.xml.end()
        return Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>" + writer.xml.text).utf8)
    }

    /// What a response envelope holds: the message's response (its warnings name values kept as text), or the fault
    /// the service answered with.
    enum Answer {
        case response(OrganizationResponse)
        case fault(OrganizationServiceFault)
    }

    /// Reads a response envelope; throws when it is not one.
    static func answer(_ data: Data, registry: EntityRegistry) throws(OrganizationServiceError) -> Answer {
        let root: XMLElementNode
        do { root = try XMLTreeReader.read(data) } catch { throw .invalidResponse(error.description) }
        guard root.name == "Envelope", let version = Version(namespace: root.namespace),
            let body = root.child("Body", in: version.namespace)
        else { throw .invalidResponse("not a SOAP envelope") }
        if let fault = body.child("Fault", in: version.namespace) { return .fault(self.fault(fault, version: version)) }
        guard let result = body.child("ExecuteResponse", in: XMLNamespaces.services)?.child("ExecuteResult") else {
            throw .invalidResponse("the body holds neither an ExecuteResponse nor a Fault")
        }
        var reader = DataContractReader(registry: registry)
        let results =
            try result.child("Results").map { node throws(OrganizationServiceError) in try reader.parameters(node) }
            ?? []
        let name = result.child("ResponseName")?.text ?? ""
        return .response(
            OrganizationResponse(
                name: name,
                results: results.map { (name: $0.0, value: $0.1) },
                warnings: reader.warnings
            )
        )
    }

    /// The SOAP versions a response is read in, by their envelope's namespace. Only the envelope and the fault's
    /// wrapper differ: what the body and the fault's detail hold is the same.
    enum Version {
        case soap11, soap12

        init?(namespace: String) {
            switch namespace {
            case XMLNamespaces.soapEnvelope: self = .soap11
            case XMLNamespaces.soap12Envelope: self = .soap12
            default: return nil
            }
        }

        var namespace: String {
            switch self {
            case .soap11: XMLNamespaces.soapEnvelope
            case .soap12: XMLNamespaces.soap12Envelope
            }
        }
    }

    /// A SOAP fault: the `OrganizationServiceFault` in its detail, else one made of its reason alone. SOAP 1.1 writes
    /// `faultcode`, `faultstring` and `detail`; SOAP 1.2 `Code/Value` (its subcodes aside), `Reason/Text` (the
    /// first language) and `Detail`.
    private static func fault(_ node: XMLElementNode, version: Version) -> OrganizationServiceFault {
        let faultCode: String?
        let reason: String?
        let detailNode: XMLElementNode?
        switch version {
        case .soap11:
            faultCode = node.child("faultcode")?.text
            reason = node.child("faultstring")?.text
            detailNode = node.child("detail")
        case .soap12:
            let namespace = version.namespace
            faultCode = node.child("Code", in: namespace)?.child("Value", in: namespace)?.text
                .trimmingCharacters(in: .whitespacesAndNewlines)
            reason = node.child("Reason", in: namespace)?.child("Text", in: namespace)?.text
            detailNode = node.child("Detail", in: namespace)
        }
        let message = reason ?? "the service refused the message without saying why"
        guard let detail = detailNode?.children.first(where: { $0.name == "OrganizationServiceFault" }) else {
            return OrganizationServiceFault(errorCode: 0, message: message, faultCode: faultCode)
        }
        var fault = organizationFault(detail, depth: 0)
        fault.faultCode = faultCode
        return fault
    }

    /// An `OrganizationServiceFault` and its inner faults (at most 32 deep).
    private static func organizationFault(_ node: XMLElementNode, depth: Int) -> OrganizationServiceFault {
        var details: [String: String] = [:]
        for pair in node.child("ErrorDetails")?.children("KeyValuePairOfstringanyType") ?? [] {
            if let key = pair.child("key")?.text, let value = pair.child("value") { details[key] = value.text }
        }
        var inner: [OrganizationServiceFault] = []
        if depth < 32, let innerNode = node.child("InnerFault"), !innerNode.isNil {
            let innerFault = organizationFault(innerNode, depth: depth + 1)
            inner = [innerFault] + innerFault.innerFaults
            inner[0].innerFaults = []
        }
        return OrganizationServiceFault(
            errorCode: node.child("ErrorCode").flatMap { Int32($0.text.trimmingCharacters(in: .whitespaces)) } ?? 0,
            message: node.child("Message")?.text ?? "",
            errorDetails: details,
            traceText: node.child("TraceText").flatMap { $0.isNil || $0.text.isEmpty ? nil : $0.text },
            timestamp: node.child("Timestamp").flatMap { DataContractDates.date($0.text) },
            innerFaults: inner
        )
    }
}
