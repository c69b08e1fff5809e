import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

@testable import MobileSdkOrganizationService

/// SOAP 1.2 responses, as `Organization.svc` answers the .NET SDK: the recorded SOAP 1.1 exchanges of
/// Tests/Servers/organization_exchanges rewritten in SOAP 1.2 read the same as the originals.
struct SOAP12ResponseTests {
    static let soap11 = "http://schemas.xmlsoap.org/soap/envelope/"
    static let soap12 = "http://www.w3.org/2003/05/soap-envelope"

    /// A recorded SOAP 1.1 response.
    static func recorded(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/organization_exchanges/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// `soap11` in SOAP 1.2: the 1.2 namespace, a WS-Addressing action header, and a fault's `faultcode`,
    /// `faultstring` and `detail` as `Code/Value` (`Client` becomes `Sender`), `Reason/Text` and `Detail`.
    static func soap12(_ soap11: String, action: String = "IOrganizationService/ExecuteResponse") -> String {
        let header = """
            <s:Header><a:Action s:mustUnderstand="1" xmlns:a="http://www.w3.org/2005/08/addressing">\
            http://schemas.microsoft.com/xrm/2011/Contracts/Services/\(action)</a:Action></s:Header>
            """
        return soap11.replacingOccurrences(of: Self.soap11, with: Self.soap12)
            .replacingOccurrences(of: "<s:Body>", with: header + "<s:Body>")
            .replacingOccurrences(
                of: "<faultcode>s:Client</faultcode>",
                with: "<s:Code><s:Value>s:Sender</s:Value></s:Code>"
            )
            .replacingOccurrences(
                of: #"<faultstring( xml:lang="[^"]*")?>([^<]*)</faultstring>"#,
                with: "<s:Reason><s:Text$1>$2</s:Text></s:Reason>",
                options: .regularExpression
            )
            .replacingOccurrences(of: "<detail>", with: "<s:Detail>")
            .replacingOccurrences(of: "</detail>", with: "</s:Detail>")
    }

    func answer(_ text: String) throws -> SOAPEnvelope.Answer {
        try SOAPEnvelope.answer(Data(text.utf8), registry: ResponseTests.registry)
    }

    func response(_ text: String) throws -> OrganizationResponse {
        guard case .response(let response) = try answer(text) else { throw OrganizationServiceError.missingResult("") }
        return response
    }

    func fault(_ text: String) throws -> OrganizationServiceFault {
        guard case .fault(let fault) = try answer(text) else { throw OrganizationServiceError.missingResult("") }
        return fault
    }

    /// A response as the Web API would write it, for comparing two readings whole.
    func json(_ response: OrganizationResponse) throws -> String {
        let answer = WebAPIAnswer(
            encoder: ODataJSONEncoder(registry: ResponseTests.registry),
            registry: ResponseTests.registry,
            typeNamespace: "Microsoft.Dynamics.CRM"
        )
        return String(decoding: try answer.body(response), as: UTF8.self)
    }

    @Test func theRewrittenExchangesAreSOAP12() throws {
        let whoAmI = Self.soap12(try Self.recorded("WhoAmI.xml"))
        #expect(whoAmI.hasPrefix(#"<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope"><s:Header>"#))
        let fault = Self.soap12(try Self.recorded("Retrieve.fault.xml"))
        #expect(!fault.contains(Self.soap11) && !fault.contains("<fault") && !fault.contains("detail>"))
        #expect(fault.contains(#"<s:Reason><s:Text xml:lang="en-US">account With Id"#))
    }

    @Test(arguments: ["WhoAmI.xml", "Retrieve.xml"]) func aResponseReadsAsItsSOAP11Original(name: String) throws {
        let original = try response(try Self.recorded(name))
        let rewritten = try response(Self.soap12(try Self.recorded(name)))
        #expect(rewritten.name == original.name)
        #expect(rewritten.results.map(\.name) == original.results.map(\.name))
        #expect(rewritten.warnings.isEmpty && original.warnings.isEmpty)
        #expect(try json(rewritten) == json(original))
    }

    @Test func typedResultsOfSOAP12() throws {
        let whoAmI = try response(Self.soap12(try Self.recorded("WhoAmI.xml")))
        #expect(try whoAmI.value("UserId", as: UUID.self) == UUID(uuidString: "a1b2c3d4-0000-4000-8000-000000000001"))
        let retrieve = try response(Self.soap12(try Self.recorded("Retrieve.xml")))
        let account = try retrieve.entity("Entity", as: Account.self)
        #expect(account.name == "Fourth Coffee")
        #expect(account.revenue == Money(5000))
        #expect(account.recordId == UUID(uuidString: "00000000-0000-0000-0000-000000000007"))
    }

    @Test func aFaultWithInnerFaultsReadsAsItsSOAP11Original() throws {
        let recorded = try Self.recorded("Retrieve.fault.xml")
        var original = try fault(recorded)
        let rewritten = try fault(
            Self.soap12(recorded, action: "IOrganizationService/ExecuteOrganizationServiceFaultFault")
        )
        #expect(rewritten.faultCode == "s:Sender")
        #expect(rewritten.errorCode == -2_147_220_969)
        #expect(rewritten.innerFaults.map(\.errorCode) == [-2_147_220_969, -2_147_204_784])
        #expect(rewritten.innerFaults.map(\.message).last == "Generic SQL error.")
        #expect(
            rewritten.traceText == "[Microsoft.Crm.ObjectModel: Microsoft.Crm.ObjectModel.SyncWorkflowExecutionPlugin]"
        )
        original.faultCode = "s:Sender"
        #expect(rewritten == original)
    }

    @Test func aFaultWithoutDetailIsItsReasonWithACodeAndSubcode() throws {
        let text = """
            <s:Envelope xmlns:s="\(Self.soap12)"><s:Body><s:Fault><s:Code><s:Value> s:Receiver </s:Value><s:Subcode>\
            <s:Value xmlns:a="http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher">\
            a:InternalServiceFault</s:Value></s:Subcode></s:Code><s:Reason><s:Text xml:lang="en-US">Boom</s:Text>\
            <s:Text xml:lang="de-DE">Bumm</s:Text></s:Reason></s:Fault></s:Body></s:Envelope>
            """
        #expect(try fault(text) == OrganizationServiceFault(errorCode: 0, message: "Boom", faultCode: "s:Receiver"))
    }

    @Test func mixedVersionsAreNotAnEnvelope() throws {
        for text in [
            #"<s:Envelope xmlns:s="\#(Self.soap12)"><t:Body xmlns:t="\#(Self.soap11)"/></s:Envelope>"#,
            #"<s:Envelope xmlns:s="\#(Self.soap12)"><s:Header/></s:Envelope>"#,
        ] {
            do {
                _ = try answer(text)
                Issue.record("read \(text)")
            } catch { #expect("\(error)".hasSuffix("not a SOAP envelope")) }
        }
        // A SOAP 1.1 fault's elements in a SOAP 1.2 envelope are not its fault's.
        let soap11Fault = """
            <s:Envelope xmlns:s="\(Self.soap12)"><s:Body><s:Fault><faultcode>s:Client</faultcode>\
            <faultstring>No</faultstring></s:Fault></s:Body></s:Envelope>
            """
        #expect(try fault(soap11Fault).faultCode == nil)
    }

    @Test func theClientThrowsASOAP12FaultTyped() async throws {
        let body = Data(Self.soap12(try Self.recorded("Retrieve.fault.xml")).utf8)
        let transport = ScriptedTransport(
            .response(
                HTTPResponse(
                    statusCode: 500,
                    headerFields: ["Content-Type": "application/soap+xml; charset=utf-8"],
                    body: body
                )
            )
        )
        do {
            try await ClientTests().client(transport).execute(OrganizationRequest(name: "Retrieve"))
            Issue.record("no fault")
        } catch let fault as OrganizationServiceFault {
            #expect(fault.hexadecimalCode == "0x80040217" && fault.faultCode == "s:Sender")
            #expect(fault.innerFaults.count == 2)
        }
    }
}
