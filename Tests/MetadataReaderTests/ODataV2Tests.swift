import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// OData v2 samples: a CRM 2011 `OrganizationData.svc` subset and an SAP Gateway service.
struct ODataV2Tests {
    @Test func crm2011AssociationsBecomeNavigationProperties() throws {
        let result = MetadataLoader().load([Paths.sample("CRM2011.OrganizationData.xml")])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let service = result.service
        #expect(service.documents.map(\.dialect) == [.csdl(odataVersion: "1.0", edmxVersion: "1.0")])
        let ns = "Microsoft.Crm.Sdk.Data.Services"
        let type = { (name: String) in service.entityType(QualifiedName(namespace: ns, name: name)) }
        let account = try #require(type("Account"))
        let contacts = try #require(account.navigationProperties.first { $0.name == "contact_customer_accounts" })
        #expect(contacts.type == TypeReference(name: QualifiedName(namespace: ns, name: "Contact"), isCollection: true))
        #expect(contacts.multiplicity == "*" && contacts.partner == "contact_customer_accounts")
        let parent = try #require(
            type("Contact")?.navigationProperties.first { $0.name == "contact_customer_accounts" }
        )
        #expect(!parent.type.isCollection && parent.isNullable && parent.multiplicity == "0..1")
        // A self-association: each side is the other's partner.
        let referencing = try #require(
            account.navigationProperties.first { $0.name == "Referencingaccount_parent_account" }
        )
        #expect(referencing.partner == "Referencedaccount_parent_account" && !referencing.type.isCollection)
        let originating = try #require(
            type("Task")?.navigationProperties.first { $0.name == "new_account_task_originating" }
        )
        #expect(originating.referentialConstraints.map(\.property) == ["new_OriginatingAccountId"])
        #expect(originating.referentialConstraints.map(\.referencedProperty) == ["AccountId"])

        let container = try #require(service.entityContainers.first)
        #expect(container.isDefault && container.associationSets.count == 6)
        let functionImport = try #require(container.functionImports.first)
        #expect(
            functionImport.httpMethod == "GET" && !functionImport.parameters.isEmpty && functionImport.returnType != nil
        )
        #expect(account.properties.contains { $0.type.name == QualifiedName(namespace: ns, name: "OptionSetValue") })
    }

    @Test func sapAttributesAndForeignElements() throws {
        let result = MetadataLoader().load([Paths.sample("SAP.v2.xml")])
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.message) == [
                "ignored element <link> of namespace 'http://www.w3.org/2005/Atom' in schema ZSAMPLE_SALES_SRV"
            ]
        )
        let service = result.service
        #expect(service.documents.map(\.dialect) == [.csdl(odataVersion: "2.0", edmxVersion: "1.0")])
        let order = try #require(service.entityTypes.first { $0.name == "SalesOrder" })
        let id = try #require(order.properties.first)
        #expect(id.sap?.label == "Sales Order" && id.sap?.isCreatable == false && id.sap?.isFilterable == true)
        #expect(order.properties.first { $0.name == "ChangedAt" }?.concurrencyMode == "Fixed")
        #expect(order.properties.first { $0.name == "CreatedAt" }?.type.primitive == .dateTime)
        let sets = try #require(service.entityContainers.first?.entitySets)
        #expect(sets.map { $0.sap?.isDeletable } == [false, true])
        let release = try #require(service.entityContainers.first?.functionImports.first)
        #expect(release.httpMethod == "POST" && release.sap?["action-for"] == "ZSAMPLE_SALES_SRV.SalesOrder")
        let items = try #require(order.navigationProperties.first)
        #expect(items.type.isCollection && items.type.name.name == "SalesOrderItem")
    }
}
