import DataverseModel
import Foundation
import MobileSdk
import Testing

@testable import MobileSdkOrganizationService

/// The `Execute` envelope: every value in its data-contract form, escaped by the one writer.
struct EnvelopeTests {
    func text(_ request: OrganizationRequest, callerId: UUID? = nil) throws -> String {
        String(decoding: try SOAPEnvelope.execute(request, callerId: callerId), as: UTF8.self)
    }

    @Test func aCreateCarriesTheEntityWithTypedAttributes() throws {
        let account = Account()
        account.name = "Contoso <Ltd> & \"Partners\""
        account.revenue = Money(Decimal(string: "1234.5")!)
        account.industryCode = .logistics
        account.numberOfEmployees = 42
        let xml = try text(OrganizationRequest(name: "Create", parameters: ["Target": .entity(account)]))
        #expect(
            xml.hasPrefix(
                #"<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><Execute xmlns="http://schemas.microsoft.com/xrm/2011/Contracts/Services""#
            )
        )
        #expect(
            xml.contains(
                #"<request i:type="a:OrganizationRequest"><a:Parameters><a:KeyValuePairOfstringanyType><b:key>Target</b:key><b:value i:type="a:Entity"><a:Attributes>"#
            )
        )
        #expect(
            xml.contains(
                #"<b:key>name</b:key><b:value i:type="c:string">Contoso &lt;Ltd&gt; &amp; "Partners"</b:value>"#
            )
        )
        #expect(xml.contains(#"<b:key>revenue</b:key><b:value i:type="a:Money"><a:Value>1234.5</a:Value></b:value>"#))
        #expect(
            xml.contains(
                #"<b:key>industrycode</b:key><b:value i:type="a:OptionSetValue"><a:Value>2</a:Value></b:value>"#
            )
        )
        #expect(xml.contains(#"<b:key>numberofemployees</b:key><b:value i:type="c:int">42</b:value>"#))
        #expect(xml.contains(#"<a:LogicalName>account</a:LogicalName><a:RelatedEntities/></b:value>"#))
        #expect(
            xml.hasSuffix(
                #"<a:RequestId i:nil="true"/><a:RequestName>Create</a:RequestName></request></Execute></s:Body></s:Envelope>"#
            )
        )
    }

    @Test func relatedRecordsGoByRelationship() throws {
        let account = Account()
        let contact = Contact()
        contact.lastName = "Lovelace"
        account.setRelatedCollection([contact], for: "contact_customer_accounts")
        let xml = try text(OrganizationRequest(name: "Create", parameters: ["Target": .entity(account)]))
        #expect(
            xml.contains(
                """
                <a:RelatedEntities><a:KeyValuePairOfRelationshipEntityCollectionX_PsK4FkN><b:key>\
                <a:PrimaryEntityRole i:nil="true"/><a:SchemaName>contact_customer_accounts</a:SchemaName></b:key>\
                <b:value><a:Entities><a:Entity><a:Attributes><a:KeyValuePairOfstringanyType><b:key>lastname</b:key>\
                <b:value i:type="c:string">Lovelace</b:value>
                """
            ),
            "\(xml)"
        )
        // And back: an entity read keeps its related records, by relationship.
        var writer = DataContractWriter()
        try writer.entity("x", account, type: nil)
        let namespaces = DataContractWriter.prefixes.map { " \($0.key)=\"\($0.value)\"" }.joined()
        let node = try XMLTreeReader.read(Data(("<x" + namespaces + writer.xml.text.dropFirst(2)).utf8))
        var reader = DataContractReader(registry: ResponseTests.registry)
        let read = try reader.entity(node)
        let related = read.getRelatedCollection("contact_customer_accounts", as: Contact.self) ?? []
        #expect(related.map(\.lastName) == ["Lovelace"])
    }

    @Test func referencesNullsAndImpersonation() throws {
        let id = UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E")!
        let caller = UUID(uuidString: "7D5B3B5E-0E07-4A0B-9F4B-2C7F4E0C1A11")!
        let xml = try text(
            OrganizationRequest(
                name: "SetState",
                parameters: [
                    "EntityMoniker": .attribute(.entityReference(EntityReference(Account.self, id: id))),
                    "State": .attribute(.optionSetValue(OptionSetValue(1))), "Status": .attribute(.null),
                ]
            ),
            callerId: caller
        )
        #expect(
            xml.contains(
                #"<s:Header><CallerId xmlns="http://schemas.microsoft.com/xrm/2011/Contracts">7d5b3b5e-0e07-4a0b-9f4b-2c7f4e0c1a11</CallerId></s:Header>"#
            )
        )
        #expect(
            xml.contains(
                #"<b:value i:type="a:EntityReference"><a:Id>0f8fad5b-d9cb-469f-a165-70867728950e</a:Id><a:LogicalName>account</a:LogicalName><a:Name i:nil="true"/></b:value>"#
            )
        )
        #expect(xml.contains(#"<b:key>Status</b:key><b:value i:nil="true"/>"#))
    }

    @Test func controlCharactersCannotBreakTheDocument() throws {
        let xml = try text(OrganizationRequest(name: "X", parameters: ["Text": .attribute(.string("a\u{0}b\rc]]>"))]))
        #expect(xml.contains("<b:value i:type=\"c:string\">a\u{FFFD}b&#xD;c]]&gt;</b:value>"))
        _ = try XMLTreeReader.read(Data(xml.utf8))
    }

    @Test func valuesWithoutADataContractFormAreRefused() throws {
        #expect(throws: OrganizationServiceError.self) {
            try text(
                OrganizationRequest(
                    name: "X",
                    parameters: ["Where": .attribute(.timeOfDay(TimeOfDay(hour: 1, minute: 2, second: 3)))]
                )
            )
        }
    }
}
