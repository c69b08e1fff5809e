import MetadataModel
import MetadataReader
import TestSupport
import Testing

/// The Dataverse samples: the Web API `$metadata`, the organization-service entity metadata of
/// the same organization, and the two merged.
struct DataverseTests {
    static let webAPI = Paths.sample("Dataverse.WebApi.xml")
    static let entityMetadata = Paths.sample("Dataverse.EntityMetadata.xml")
    func crm(_ name: String) -> QualifiedName { QualifiedName(namespace: "Microsoft.Dynamics.CRM", name: name) }

    @Test func webAPIAlone() throws {
        let result = MetadataLoader().load([Self.webAPI])
        #expect(!result.hasErrors)
        let service = result.service
        #expect(service.entityType(crm("crmbaseentity"))?.isAbstract == true)
        #expect(service.entityType(crm("task"))?.baseType == crm("activitypointer"))
        let account = try #require(service.entityType(crm("account")))
        #expect(account.alternateKeys == [["accountnumber"]])
        #expect(account.properties.first { $0.name == "createdon" }?.isComputed == true)
        #expect(
            service.entityType(crm("activitypointer"))?.properties.first { $0.name == "activitytypecode" }?.isImmutable
                == true
        )
        #expect(account.properties.first { $0.name == "name" }?.coreDescription != nil)
        #expect(account.dynamics == nil)
        let filters = try #require(service.enumTypes.first { $0.name == "EntityFilters" })
        #expect(filters.isFlags && filters.members.first { $0.name == "All" }?.value == 15)
        let winOpportunity = try #require(service.actions.first { $0.name == "WinOpportunity" })
        #expect(
            !winOpportunity.isBound
                && winOpportunity.parameters.map(\.type.name) == [
                    crm("crmbaseentity"), QualifiedName(namespace: "Edm", name: "Int32"),
                ]
        )
        #expect(service.functions.first { $0.name == "RetrieveTopAccounts" }?.isComposable == true)
        #expect(service.functions.filter { $0.name == "RetrieveMetadataSummary" }.count == 2)
    }

    @Test func entityMetadataAlone() throws {
        let result = MetadataLoader().load([Self.entityMetadata])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let service = result.service
        #expect(service.documents.map(\.dialect) == [.dynamicsEntityMetadata])
        #expect(
            service.entityTypes.map(\.name) == [
                "account", "contact", "opportunity", "phonecall", "activitypointer", "task", "appointment",
                "activityparty",
            ]
        )
        let account = try #require(service.entityType(crm("account")))
        let info = try #require(account.dynamics)
        #expect(info.schemaName == "Account" && info.entitySetName == "accounts" && info.objectTypeCode == 1)
        #expect(info.primaryIDAttribute == "accountid" && info.primaryNameAttribute == "name")
        #expect(info.displayName.text(languageCode: 1033) != nil && info.displayName.text(languageCode: 1031) != nil)
        #expect(info.keys.map(\.attributes) == [["accountnumber"]])
        #expect(account.key.map(\.name) == ["accountid"])
        #expect(!info.relationships.isEmpty)
        #expect(service.optionSets.map(\.name) == ["new_customertier"])

        // Every attribute subclass, with the Edm type the Web API uses for it.
        let all = service.entityTypes.flatMap(\.properties)
        let types = Dictionary(
            all.map { ($0.dynamics?.metadataType ?? "", $0.type.description) },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(
            types == [
                "UniqueIdentifierAttributeMetadata": "Edm.Guid", "StringAttributeMetadata": "Edm.String",
                "IntegerAttributeMetadata": "Edm.Int32", "MoneyAttributeMetadata": "Edm.Decimal",
                "DateTimeAttributeMetadata": "Edm.DateTimeOffset", "LookupAttributeMetadata": "Edm.Guid",
                "EntityNameAttributeMetadata": "Edm.String", "PicklistAttributeMetadata": "Edm.Int32",
                "AttributeMetadata": "Edm.Untyped", "MultiSelectPicklistAttributeMetadata": "Edm.String",
                "StateAttributeMetadata": "Edm.Int32", "StatusAttributeMetadata": "Edm.Int32",
                "ImageAttributeMetadata": "Edm.Binary", "ManagedPropertyAttributeMetadata": "Edm.Boolean",
                "MemoAttributeMetadata": "Edm.String", "DoubleAttributeMetadata": "Edm.Double",
                "BooleanAttributeMetadata": "Edm.Boolean", "DecimalAttributeMetadata": "Edm.Decimal",
                "BigIntAttributeMetadata": "Edm.Int64", "FileAttributeMetadata": "Edm.Guid",
            ]
        )
        let attribute = { (entity: String, name: String) in
            service.entityType(crm(entity))?.properties.first { $0.name == name }?.dynamics
        }
        #expect(attribute("contact", "birthdate")?.dateTimeBehavior == "DateOnly")
        #expect(
            service.entityType(crm("contact"))?.properties.first { $0.name == "birthdate" }?.type.description
                == "Edm.Date"
        )
        #expect(attribute("contact", "parentcustomerid")?.targets == ["account", "contact"])
        #expect(attribute("account", "ownerid")?.attributeType == "Owner")
        #expect(attribute("phonecall", "to")?.attributeType == "PartyList")
        #expect(attribute("account", "owneridtype")?.attributeOf == "ownerid")
        #expect(attribute("account", "name")?.maxLength != nil && attribute("account", "name")?.isPrimaryName == true)

        let donotemail = try #require(attribute("contact", "donotemail")?.optionSet)
        #expect(donotemail.kind == "Boolean" && donotemail.options.map(\.value) == [0, 1])
        let industry = try #require(attribute("account", "industrycode")?.optionSet)
        #expect(!industry.isGlobal && industry.options.count == 4)
        #expect(
            industry.options.allSatisfy {
                $0.label.text(languageCode: 1033) != nil && $0.label.text(languageCode: 1031) != nil
            }
        )
        let status = try #require(attribute("opportunity", "statuscode")?.optionSet)
        #expect(status.kind == "Status" && status.options.allSatisfy { $0.state != nil })
        let state = try #require(attribute("opportunity", "statecode")?.optionSet)
        #expect(state.options.allSatisfy { $0.defaultStatus != nil && $0.invariantName != nil })
        #expect(attribute("account", "new_customertier")?.optionSet?.isGlobal == true)
    }

    /// Entity metadata carried onto the Web API types: what Dataverse `$metadata` lacks.
    @Test func mergedOntoTheWebAPI() throws {
        let result = MetadataLoader().load([Self.webAPI, Self.entityMetadata])
        #expect(!result.hasErrors)
        let service = result.service
        #expect(service.schemas.map(\.namespace) == ["Microsoft.Dynamics.CRM"])
        #expect(service.entityTypes.count == 9)  // eight from the Web API, phonecall from the entity metadata
        let account = try #require(service.entityType(crm("account")))
        #expect(account.baseType == crm("crmbaseentity"))
        #expect(account.dynamics?.schemaName == "Account")
        #expect(account.dynamics?.displayCollectionName.text != nil)
        let industry = try #require(account.properties.first { $0.name == "industrycode" })
        #expect(industry.type.description == "Edm.Int32")
        #expect(industry.dynamics?.optionSet?.name == "account_industrycode")
        #expect(industry.dynamics?.schemaName == "IndustryCode")
        let contact = try #require(service.entityType(crm("contact")))
        let lookup = try #require(contact.properties.first { $0.name == "_parentcustomerid_value" })
        #expect(lookup.dynamics?.logicalName == "parentcustomerid")
        #expect(lookup.dynamics?.targets == ["account", "contact"])
        let webAPIOnly = MetadataLoader().load([Self.webAPI]).service.entityType(crm("contact"))
        #expect(contact.properties.map(\.name) == webAPIOnly?.properties.map(\.name))
        #expect(contact.navigationProperties == webAPIOnly?.navigationProperties)
        #expect(service.optionSets.map(\.name) == ["new_customertier"])
        let merged = service.entityTypes.filter { $0.dynamics != nil }.map(\.name)
        // In the Web API's order; phonecall, which the $metadata lacks, is added after its types.
        #expect(
            merged == [
                "activitypointer", "account", "contact", "opportunity", "task", "appointment", "activityparty",
                "phonecall",
            ]
        )
        #expect(service.entityType(crm("crmbaseentity"))?.dynamics == nil)
        // Party lists, which the $metadata lacks, come from the entity metadata after the $metadata's properties.
        let appointment = try #require(service.entityType(crm("appointment")))
        #expect(
            appointment.properties.map(\.name) == [
                "location", "scheduledstart", "requiredattendees", "optionalattendees", "organizer",
            ]
        )
        #expect(appointment.properties.last?.dynamics?.attributeType == "PartyList")
    }
}
