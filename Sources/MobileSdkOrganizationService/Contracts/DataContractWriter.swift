import Foundation
import MobileSdk

/// Writes organization values as the data-contract serializer does: each value in an element with its `i:type`, in
/// the prefixes ``prefixes`` declares (declared once, on the message's root element).
struct DataContractWriter {
    var xml = XMLWriter()

    /// The prefixes the writer uses, and their namespaces, for the root element's declarations.
    static let prefixes: KeyValuePairs<String, String> = [
        "xmlns:a": XMLNamespaces.contracts, "xmlns:b": XMLNamespaces.collections, "xmlns:c": XMLNamespaces.schema,
        "xmlns:d": XMLNamespaces.serialization, "xmlns:e": XMLNamespaces.arrays, "xmlns:i": XMLNamespaces.instance,
        "xmlns:g": XMLNamespaces.crmContracts,
    ]

    /// `<name i:type="…">value</name>`, or `<name i:nil="true"/>` for null.
    mutating func value(_ name: String, _ value: OrganizationValue) throws(OrganizationServiceError) {
        switch value {
        case .attribute(let attribute): try self.attribute(name, attribute)
        case .entity(let entity): try self.entity(name, entity, type: "a:Entity")
        case .entityCollection(let collection): try entityCollection(name, collection)
        case .entityReferences(let references):
            xml.start(name, ["i:type": "a:EntityReferenceCollection"])
            for reference in references { entityReference("a:EntityReference", reference, type: nil) }
            xml.end()
        case .entityReferenceArray(let references):
            xml.start(name, ["i:type": "a:ArrayOfEntityReference"])
            for reference in references { entityReference("a:EntityReference", reference, type: nil) }
            xml.end()
        case .columnSet(let columns): columnSet(name, columns, type: "a:ColumnSet")
        case .fetchExpression(let query):
            xml.start(name, ["i:type": "a:FetchExpression"])
            xml.element("a:Query", value: query)
            xml.end()
        case .queryExpression(let query): try queryExpression(name, query)
        case .relationship(let relationship):
            xml.start(name, ["i:type": "a:Relationship"])
            if let role = relationship.primaryEntityRole {
                xml.element("a:PrimaryEntityRole", value: role.rawValue)
            } else {
                xml.start("a:PrimaryEntityRole", ["i:nil": "true"])
                xml.end()
            }
            xml.element("a:SchemaName", value: relationship.schemaName)
            xml.end()
        case .rolePrivileges(let privileges):
            xml.start(name, ["i:type": "g:ArrayOfRolePrivilege"])
            for privilege in privileges {
                xml.start("g:RolePrivilege")
                xml.element("g:BusinessUnitId", value: privilege.businessUnitId.uuidString.lowercased())
                xml.element("g:Depth", value: privilege.depth.rawValue)
                xml.element("g:PrivilegeId", value: privilege.privilegeId.uuidString.lowercased())
                xml.end()
            }
            xml.end()
        case .strings(let strings):
            xml.start(name, ["i:type": "e:ArrayOfstring"])
            for string in strings { xml.element("e:string", value: string) }
            xml.end()
        case .guids(let ids):
            xml.start(name, ["i:type": "e:ArrayOfguid"])
            for id in ids { xml.element("e:guid", value: id.uuidString.lowercased()) }
            xml.end()
        case .validationResult:
            throw .unsupportedValue("a ValidationResult, which the service answers with and takes from no one")
        case .unread(let type, _):
            throw .unsupportedValue("a value of type '\(type)' read from a response cannot be sent back")
        }
    }

    /// An attribute value with its `i:type`.
    mutating func attribute(_ name: String, _ value: AttributeValue) throws(OrganizationServiceError) {
        func typed(_ type: String, _ text: String) { xml.element(name, ["i:type": type], value: text) }
        switch value {
        case .null:
            xml.start(name, ["i:nil": "true"])
            xml.end()
        case .boolean(let value): typed("c:boolean", value ? "true" : "false")
        case .byte(let value): typed("c:unsignedByte", String(value))
        case .sbyte(let value): typed("c:byte", String(value))
        case .int16(let value): typed("c:short", String(value))
        case .int32(let value): typed("c:int", String(value))
        case .int64(let value): typed("c:long", String(value))
        case .single(let value): typed("c:float", Self.floatingText(Double(value)))
        case .double(let value): typed("c:double", Self.floatingText(value))
        case .decimal(let value): typed("c:decimal", Self.decimalText(value))
        case .string(let value): typed("c:string", value)
        case .guid(let value): typed("d:guid", value.uuidString.lowercased())
        case .binary(let value): typed("c:base64Binary", value.base64EncodedString())
        case .dateTimeOffset(let value): typed("c:dateTime", DataContractDates.text(value))
        case .date(let value): typed("c:dateTime", DataContractDates.text(value))
        case .entityReference(let reference): entityReference(name, reference, type: "a:EntityReference")
        case .optionSetValue(let option):
            xml.start(name, ["i:type": "a:OptionSetValue"])
            xml.element("a:Value", value: String(option.value))
            xml.end()
        case .optionSetValues(let options):
            xml.start(name, ["i:type": "a:OptionSetValueCollection"])
            for option in options {
                xml.start("a:OptionSetValue")
                xml.element("a:Value", value: String(option.value))
                xml.end()
            }
            xml.end()
        case .money(let money):
            xml.start(name, ["i:type": "a:Money"])
            xml.element("a:Value", value: Self.decimalText(money.value))
            xml.end()
        case .collection(let values):
            let parties = values.compactMap(ActivityParty.init(attributeValue:))
            if !parties.isEmpty, parties.count == values.count {
                try partyList(name, parties)
                return
            }
            let references = values.compactMap { value -> EntityReference? in
                if case .entityReference(let reference) = value { reference } else { nil }
            }
            guard references.count == values.count else {
                throw .unsupportedValue("a collection of values other than entity references or activity parties")
            }
            try self.value(name, .entityReferences(references))
        case .activityParty: throw .unsupportedValue("an activity party outside a party list (a collection of parties)")
        case .timeOfDay, .duration, .geography, .geometry, .enumMember, .complex, .untyped:
            throw .unsupportedValue("\(value) has no form in the organization service's data contracts")
        }
    }

    /// An `Entity`: its attributes (sorted by name), formatted values, id and logical name.
    mutating func entity(_ name: String, _ entity: Entity, type: String?) throws(OrganizationServiceError) {
        xml.start(name, type.map { ["i:type": $0] } ?? [:])
        xml.start("a:Attributes")
        for (key, value) in entity.attributes.sorted(by: { $0.key < $1.key }) {
            xml.start("a:KeyValuePairOfstringanyType")
            xml.element("b:key", value: key)
            try attribute("b:value", value)
            xml.end()
        }
        xml.end()
        xml.start("a:EntityState", ["i:nil": "true"])
        xml.end()
        xml.start("a:FormattedValues")
        xml.end()
        if let id = entity.recordId { xml.element("a:Id", value: id.uuidString.lowercased()) }
        xml.element("a:LogicalName", value: entity.logicalName)
        // Related records to create with it, by relationship: the schema name is the navigation property's name,
        // as it is for Dataverse's one-to-many and many-to-many relationships.
        xml.start("a:RelatedEntities")
        for (relationship, related) in entity.relatedEntities.sorted(by: { $0.key < $1.key }) {
            xml.start("a:KeyValuePairOfRelationshipEntityCollectionX_PsK4FkN")
            xml.start("b:key")
            xml.start("a:PrimaryEntityRole", ["i:nil": "true"])
            xml.end()
            xml.element("a:SchemaName", value: relationship)
            xml.end()
            try entityCollection("b:value", related, type: nil)
            xml.end()
        }
        xml.end()
        xml.end()
    }

    /// A party list: an `EntityCollection` of `activityparty` entities holding the parties' attributes.
    mutating func partyList(_ name: String, _ parties: [ActivityParty]) throws(OrganizationServiceError) {
        let records = parties.map { party in
            let record = Entity(logicalName: ActivityParty.logicalName, id: party.activityPartyId)
            for (key, value) in party.attributes { record[key] = value }
            return record
        }
        try entityCollection(name, EntityCollection(entities: records, entityName: ActivityParty.logicalName))
    }

    mutating func entityReference(_ name: String, _ reference: EntityReference, type: String?) {
        xml.start(name, type.map { ["i:type": $0] } ?? [:])
        xml.element("a:Id", value: reference.id.uuidString.lowercased())
        xml.element("a:LogicalName", value: reference.logicalName)
        if let referenceName = reference.name {
            xml.element("a:Name", value: referenceName)
        } else {
            xml.start("a:Name", ["i:nil": "true"])
            xml.end()
        }
        xml.end()
    }

    mutating func entityCollection(_ name: String, _ collection: EntityCollection, type: String? = "a:EntityCollection")
        throws(OrganizationServiceError)
    {
        xml.start(name, type.map { ["i:type": $0] } ?? [:])
        xml.start("a:Entities")
        for entity in collection.entities { try self.entity("a:Entity", entity, type: nil) }
        xml.end()
        if let entityName = collection.entityName { xml.element("a:EntityName", value: entityName) }
        xml.element("a:MoreRecords", value: collection.moreRecords ? "true" : "false")
        if let cookie = collection.pagingCookie { xml.element("a:PagingCookie", value: cookie) }
        xml.element("a:TotalRecordCount", value: String(collection.totalRecordCount ?? -1))
        xml.element("a:TotalRecordCountLimitExceeded", value: "false")
        xml.end()
    }

    mutating func columnSet(_ name: String, _ columns: ColumnSet, type: String?) {
        xml.start(name, type.map { ["i:type": $0] } ?? [:])
        xml.element("a:AllColumns", value: columns.allColumns ? "true" : "false")
        xml.start("a:Columns")
        for column in columns.columns { xml.element("e:string", value: column) }
        xml.end()
        xml.end()
    }

    mutating func queryExpression(_ name: String, _ query: QueryExpression) throws(OrganizationServiceError) {
        xml.start(name, ["i:type": "a:QueryExpression"])
        columnSet("a:ColumnSet", query.columnSet, type: nil)
        try filter("a:Criteria", query.criteria)
        xml.element("a:Distinct", value: query.distinct ? "true" : "false")
        xml.element("a:EntityName", value: query.entityName)
        try linkEntities(query.linkEntities)
        xml.start("a:Orders")
        for order in query.orders {
            xml.start("a:OrderExpression")
            xml.element("a:AttributeName", value: order.attributeName)
            xml.element("a:OrderType", value: order.descending ? "Descending" : "Ascending")
            xml.end()
        }
        xml.end()
        if let page = query.pageInfo {
            xml.start("a:PageInfo")
            xml.element("a:Count", value: String(page.count))
            xml.element("a:PageNumber", value: String(page.pageNumber))
            if let cookie = page.pagingCookie {
                xml.element("a:PagingCookie", value: cookie)
            } else {
                xml.start("a:PagingCookie", ["i:nil": "true"])
                xml.end()
            }
            xml.element("a:ReturnTotalRecordCount", value: page.returnTotalRecordCount ? "true" : "false")
            xml.end()
        }
        xml.element("a:NoLock", value: "false")
        if let top = query.topCount { xml.element("a:TopCount", value: String(top)) }
        xml.end()
    }

    private mutating func linkEntities(_ links: [QueryExpression.LinkEntity]) throws(OrganizationServiceError) {
        xml.start("a:LinkEntities")
        for link in links {
            xml.start("a:LinkEntity")
            columnSet("a:Columns", link.columns, type: nil)
            if let alias = link.entityAlias { xml.element("a:EntityAlias", value: alias) }
            xml.element("a:JoinOperator", value: link.joinOperator.rawValue)
            try filter("a:LinkCriteria", link.linkCriteria)
            try linkEntities(link.linkEntities)
            xml.element("a:LinkFromAttributeName", value: link.linkFromAttributeName)
            xml.element("a:LinkFromEntityName", value: link.linkFromEntityName)
            xml.element("a:LinkToAttributeName", value: link.linkToAttributeName)
            xml.element("a:LinkToEntityName", value: link.linkToEntityName)
            xml.end()
        }
        xml.end()
    }

    private mutating func filter(_ name: String, _ filter: QueryExpression.Filter) throws(OrganizationServiceError) {
        xml.start(name)
        xml.start("a:Conditions")
        for condition in filter.conditions {
            xml.start("a:ConditionExpression")
            xml.element("a:AttributeName", value: condition.attributeName)
            xml.element("a:Operator", value: condition.conditionOperator)
            xml.start("a:Values")
            for value in condition.values { try attribute("e:anyType", value) }
            xml.end()
            if let entityName = condition.entityName { xml.element("a:EntityName", value: entityName) }
            xml.end()
        }
        xml.end()
        xml.element("a:FilterOperator", value: filter.filterOperator.rawValue)
        xml.start("a:Filters")
        for nested in filter.filters { try self.filter("a:FilterExpression", nested) }
        xml.end()
        xml.end()
    }

    /// `xs:double`'s forms: `INF`, `-INF`, `NaN`, else Swift's shortest round-tripping text.
    static func floatingText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        return "\(value)"
    }

    /// A decimal in plain notation, as `xs:decimal` requires (`Decimal`'s description never uses an exponent).
    static func decimalText(_ value: Decimal) -> String { value.description }
}
