import DataverseModel
import Foundation
import MobileSdk
import Testing

@testable import MobileSdkOrganizationService

/// Reading `ExecuteResponse` envelopes and faults, in the shapes the organization service answers with.
struct ResponseTests {
    static let registry: EntityRegistry = {
        let registry = EntityRegistry()
        GeneratedEntities.register(in: registry)
        return registry
    }()

    static func envelope(_ body: String) -> Data {
        Data(
            """
            <s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>\(body)</s:Body></s:Envelope>
            """
            .utf8
        )
    }

    static func executeResponse(_ name: String, _ results: String) -> Data {
        envelope(
            """
            <ExecuteResponse xmlns="http://schemas.microsoft.com/xrm/2011/Contracts/Services" \
            xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><ExecuteResult i:type="a:\(name)Response" \
            xmlns:a="http://schemas.microsoft.com/xrm/2011/Contracts"><a:ResponseName>\(name)</a:ResponseName>\
            <a:Results xmlns:b="http://schemas.datacontract.org/2004/07/System.Collections.Generic">\(results)\
            </a:Results></ExecuteResult></ExecuteResponse>
            """
        )
    }

    func answer(_ data: Data) throws -> SOAPEnvelope.Answer { try SOAPEnvelope.answer(data, registry: Self.registry) }

    @Test func aCreateResponsesId() throws {
        let data = Self.executeResponse(
            "Create",
            """
            <a:KeyValuePairOfstringanyType><b:key>id</b:key><b:value i:type="c:guid" \
            xmlns:c="http://schemas.microsoft.com/2003/10/Serialization/">3c2f4b1e-2a6b-4c1e-9e3c-1f2a3b4c5d6e</b:value>\
            </a:KeyValuePairOfstringanyType>
            """
        )
        guard case .response(let response) = try answer(data) else {
            Issue.record("not a response")
            return
        }
        #expect(response.warnings.isEmpty)
        #expect(response.name == "Create")
        #expect(try response.value("id", as: UUID.self) == UUID(uuidString: "3c2f4b1e-2a6b-4c1e-9e3c-1f2a3b4c5d6e"))
    }

    @Test func entitiesComeBackAsTheirGeneratedClassesWithPaging() throws {
        let data = Self.executeResponse(
            "RetrieveMultiple",
            """
            <a:KeyValuePairOfstringanyType><b:key>EntityCollection</b:key><b:value i:type="a:EntityCollection">\
            <a:Entities><a:Entity><a:Attributes>\
            <a:KeyValuePairOfstringanyType><b:key>name</b:key><b:value i:type="c:string" \
            xmlns:c="http://www.w3.org/2001/XMLSchema">Fourth Coffee</b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>revenue</b:key><b:value i:type="a:Money"><a:Value>5000.00</a:Value>\
            </b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>industrycode</b:key><b:value i:type="a:OptionSetValue">\
            <a:Value>3</a:Value></b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>createdon</b:key><b:value i:type="c:dateTime" \
            xmlns:c="http://www.w3.org/2001/XMLSchema">2015-03-04T10:20:30Z</b:value></a:KeyValuePairOfstringanyType>\
            <a:KeyValuePairOfstringanyType><b:key>ownerid</b:key><b:value i:type="a:EntityReference">\
            <a:Id>6a1c1e3e-7b1b-4d3c-8a39-0c4e2d4f5a6b</a:Id><a:LogicalName>systemuser</a:LogicalName>\
            <a:Name>Nancy Davolio</a:Name></b:value></a:KeyValuePairOfstringanyType>\
            </a:Attributes><a:EntityState i:nil="true"/><a:FormattedValues>\
            <a:KeyValuePairOfstringstring><b:key>revenue</b:key><b:value>$5,000.00</b:value></a:KeyValuePairOfstringstring>\
            </a:FormattedValues><a:Id>9d2a0f4c-1b2e-4c3d-9e8f-0a1b2c3d4e5f</a:Id><a:LogicalName>account</a:LogicalName>\
            <a:RelatedEntities/></a:Entity></a:Entities><a:EntityName>account</a:EntityName>\
            <a:MinActiveRowVersion i:nil="true"/><a:MoreRecords>true</a:MoreRecords>\
            <a:PagingCookie>&lt;cookie page="1"&gt;&lt;accountid last="{9D2A0F4C}" /&gt;&lt;/cookie&gt;</a:PagingCookie>\
            <a:TotalRecordCount>-1</a:TotalRecordCount><a:TotalRecordCountLimitExceeded>false\
            </a:TotalRecordCountLimitExceeded></b:value></a:KeyValuePairOfstringanyType>
            """
        )
        guard case .response(let response) = try answer(data) else {
            Issue.record("not a response")
            return
        }
        let page = try response.entityCollection("EntityCollection")
        #expect(page.moreRecords)
        #expect(page.pagingCookie == #"<cookie page="1"><accountid last="{9D2A0F4C}" /></cookie>"#)
        #expect(page.totalRecordCount == nil)
        let account = try #require(page.entities.first as? Account)
        #expect(account.name == "Fourth Coffee")
        #expect(account.revenue == Money(5000))
        #expect(account.industryCode == .government)
        #expect(account.createdOn == Date(timeIntervalSince1970: 1_425_464_430))
        #expect(account.ownerId?.name == "Nancy Davolio")
        #expect(account.formattedValue(\.revenue) == "$5,000.00")
        #expect(account.recordId == UUID(uuidString: "9d2a0f4c-1b2e-4c3d-9e8f-0a1b2c3d4e5f"))
        #expect(account.changedAttributeNames.isEmpty)
    }

    @Test func aFaultWithNestedInnerFaults() throws {
        let data = Self.envelope(
            """
            <s:Fault><faultcode>s:Client</faultcode><faultstring xml:lang="en-US">account With Id = 1 Does Not Exist\
            </faultstring><detail><OrganizationServiceFault xmlns="http://schemas.microsoft.com/xrm/2011/Contracts" \
            xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><ErrorCode>-2147220969</ErrorCode>\
            <ErrorDetails xmlns:a="http://schemas.datacontract.org/2004/07/System.Collections.Generic"/>\
            <Message>account With Id = 1 Does Not Exist</Message><Timestamp>2015-03-04T10:20:30.1234567Z</Timestamp>\
            <InnerFault><ErrorCode>-2147220970</ErrorCode>\
            <ErrorDetails xmlns:a="http://schemas.datacontract.org/2004/07/System.Collections.Generic"/>\
            <Message>System.Exception: the record is missing</Message><Timestamp>2015-03-04T10:20:30Z</Timestamp>\
            <InnerFault><ErrorCode>-2147204784</ErrorCode><ErrorDetails/><Message>SQL error</Message>\
            <Timestamp>2015-03-04T10:20:30Z</Timestamp><InnerFault i:nil="true"/><TraceText i:nil="true"/></InnerFault>\
            <TraceText i:nil="true"/></InnerFault><TraceText>[Microsoft.Crm.ObjectModel: ...]</TraceText>\
            </OrganizationServiceFault></detail></s:Fault>
            """
        )
        guard case .fault(let fault) = try answer(data) else {
            Issue.record("not a fault")
            return
        }
        #expect(fault.errorCode == -2_147_220_969)
        #expect(fault.hexadecimalCode == "0x80040217")
        #expect(fault.message == "account With Id = 1 Does Not Exist")
        #expect(fault.localizedDescription == "account With Id = 1 Does Not Exist")
        #expect(fault.faultCode == "s:Client")
        #expect(fault.traceText == "[Microsoft.Crm.ObjectModel: ...]")
        #expect(fault.innerFaults.map(\.errorCode) == [-2_147_220_970, -2_147_204_784])
        #expect(fault.innerFaults.map(\.message) == ["System.Exception: the record is missing", "SQL error"])
        #expect(!fault.isServiceProtectionLimit)
    }

    @Test func aServiceProtectionFaultSaysHowLongToWait() throws {
        let data = Self.envelope(
            """
            <s:Fault><faultcode>s:Client</faultcode><faultstring>Number of requests exceeded the limit of 6000 \
            over time window of 300 seconds.</faultstring><detail><OrganizationServiceFault \
            xmlns="http://schemas.microsoft.com/xrm/2011/Contracts" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">\
            <ErrorCode>-2147015902</ErrorCode><ErrorDetails \
            xmlns:a="http://schemas.datacontract.org/2004/07/System.Collections.Generic"><a:KeyValuePairOfstringanyType>\
            <a:key>Retry-After</a:key><a:value i:type="b:duration" \
            xmlns:b="http://schemas.microsoft.com/2003/10/Serialization/">00:00:05.5</a:value>\
            </a:KeyValuePairOfstringanyType></ErrorDetails><Message>Number of requests exceeded the limit of 6000 over \
            time window of 300 seconds.</Message><Timestamp>2021-01-01T00:00:00Z</Timestamp><InnerFault i:nil="true"/>\
            <TraceText i:nil="true"/></OrganizationServiceFault></detail></s:Fault>
            """
        )
        guard case .fault(let fault) = try answer(data) else {
            Issue.record("not a fault")
            return
        }
        #expect(fault.isServiceProtectionLimit)
        #expect(fault.retryAfter == 5.5)
    }

    @Test func badInputIsAClearErrorNeverACrash() throws {
        func failure(_ text: String) -> String? {
            do {
                _ = try answer(Data(text.utf8))
                return nil
            } catch { return "\(error)" }
        }
        #expect(
            failure("<html><body>Sign in</body></html>")
                == "the organization service's response cannot be read: not a SOAP envelope"
        )
        #expect(failure("not XML at all")?.contains("not well-formed XML") == true)
        #expect(
            failure(#"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Execute"#)?
                .contains("not well-formed XML") == true
        )
        #expect(failure(#"<!DOCTYPE x [<!ENTITY a "b">]><x/>"#)?.contains("a document type declaration") == true)
        let noDetail = Self.envelope(
            "<s:Fault><faultcode>s:Server</faultcode><faultstring>Boom</faultstring></s:Fault>"
        )
        guard case .fault(let fault) = try answer(noDetail) else {
            Issue.record("not a fault")
            return
        }
        #expect(fault.message == "Boom" && fault.errorCode == 0 && fault.faultCode == "s:Server")
        // FoundationXML on Linux traps on element names that are not UTF-8 (found by FuzzSOAPResponse).
        var bytes = Array(#"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><"#.utf8)
        bytes += [0xFF, 0xFF, 0xFF, 0xFF] + Array("lue/></s:Body></s:Envelope>".utf8)
        do {
            _ = try answer(Data(bytes))
            Issue.record("read")
        } catch { #expect("\(error)".contains("not UTF-8 text")) }
        // An empty i:type (found by FuzzSOAPResponse) reads as a value without a type.
        let emptyType = Self.executeResponse(
            "X",
            #"<a:KeyValuePairOfstringanyType><b:key>k</b:key><b:value i:type="">v</b:value></a:KeyValuePairOfstringanyType>"#
        )
        guard case .response(let untyped) = try answer(emptyType), case .attribute(.string("v"))? = untyped["k"] else {
            Issue.record("an empty i:type is not read as text")
            return
        }
        let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
        #expect(failure(deep)?.contains("nested deeper than 256") == true)
    }

    @Test func anUnknownTypeIsKeptAsTextWithAWarning() throws {
        let data = Self.executeResponse(
            "Custom",
            """
            <a:KeyValuePairOfstringanyType><b:key>Shape</b:key><b:value i:type="x:Polygon" \
            xmlns:x="urn:example">POLYGON((0 0))</b:value></a:KeyValuePairOfstringanyType>
            """
        )
        guard case .response(let response) = try answer(data) else {
            Issue.record("not a response")
            return
        }
        guard case .unread(let type, let text)? = response["Shape"] else {
            Issue.record("not kept")
            return
        }
        #expect(type == "urn:example#Polygon" && text == "POLYGON((0 0))")
        #expect(response.warnings == ["line 1: a value of type 'Polygon' (urn:example) is kept as text"])
    }
}
