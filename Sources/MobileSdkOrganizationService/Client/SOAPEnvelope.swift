import Foundation
import MobileSdk

/// The SOAP 1.1 envelopes of `Execute`: the request written, the response or fault read.
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
        guard root.namespace == XMLNamespaces.soapEnvelope, root.name == "Envelope",
            let body = root.child("Body", in: XMLNamespaces.soapEnvelope)
        else { throw .invalidResponse("not a SOAP envelope") }
        if let fault = body.child("Fault", in: XMLNamespaces.soapEnvelope) { return .fault(try self.fault(fault)) }
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

    /// A SOAP fault: the `OrganizationServiceFault` in its detail, else one made of `faultstring` alone.
    private static func fault(_ node: XMLElementNode) throws(OrganizationServiceError) -> OrganizationServiceFault {
        let faultCode = node.child("faultcode")?.text
        let faultString = node.child("faultstring")?.text ?? "the service refused the message without saying why"
        guard let detail = node.child("detail")?.children.first(where: { $0.name == "OrganizationServiceFault" }) else {
            return OrganizationServiceFault(errorCode: 0, message: faultString, faultCode: faultCode)
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
