import Foundation
import MobileSdk

/// Reads organization values from the data-contract serializer's XML by their `i:type`; entities become the classes
/// `registry` holds for their logical names. A value of a type it does not know is kept as text, with a warning.
struct DataContractReader {
    let registry: EntityRegistry
    /// What was read but not understood, for the caller to report.
    private(set) var warnings: [String] = []

    init(registry: EntityRegistry) { self.registry = registry }

    /// A `ParameterCollection` (a request's parameters, a response's results): names and values, in order.
    mutating func parameters(_ node: XMLElementNode) throws(OrganizationServiceError) -> [(String, OrganizationValue)] {
        var parameters: [(String, OrganizationValue)] = []
        for pair in node.children("KeyValuePairOfstringanyType") {
            guard let key = pair.child("key")?.text, let value = pair.child("value") else {
                throw .invalidResponse("line \(pair.line): a parameter without a key or value")
            }
            parameters.append((key, try self.value(value)))
        }
        return parameters
    }

    /// A value by its `i:type`.
    mutating func value(_ node: XMLElementNode) throws(OrganizationServiceError) -> OrganizationValue {
        guard !node.isNil, let type = node.instanceType else {
            return node.isNil || node.children.isEmpty && node.text.isEmpty
                ? .attribute(.null) : .attribute(.string(node.text))
        }
        switch (type.namespace, type.name) {
        case (XMLNamespaces.contracts, "Entity"): return .entity(try entity(node))
        case (XMLNamespaces.contracts, "EntityCollection"): return .entityCollection(try entityCollection(node))
        case (XMLNamespaces.contracts, "EntityReferenceCollection"):
            return .entityReferences(
                try node.children("EntityReference")
                    .map { node throws(OrganizationServiceError) in try entityReference(node) }
            )
        case (XMLNamespaces.contracts, "ArrayOfEntityReference"):
            return .entityReferenceArray(
                try node.children("EntityReference")
                    .map { node throws(OrganizationServiceError) in try entityReference(node) }
            )
        case (XMLNamespaces.contracts, "ColumnSet"): return .columnSet(columnSet(node))
        case (XMLNamespaces.contracts, "FetchExpression"): return .fetchExpression(node.child("Query")?.text ?? "")
        case (XMLNamespaces.contracts, "Relationship"):
            return .relationship(
                Relationship(
                    node.child("SchemaName")?.text ?? "",
                    primaryEntityRole: node.child("PrimaryEntityRole").flatMap { EntityRole(rawValue: $0.text) }
                )
            )
        case (XMLNamespaces.crmContracts, "ArrayOfRolePrivilege"):
            return .rolePrivileges(
                try node.children("RolePrivilege")
                    .map { node throws(OrganizationServiceError) in
                        guard let privilege = node.child("PrivilegeId"), let unit = node.child("BusinessUnitId"),
                            let depth = node.child("Depth").flatMap({ RolePrivilege.Depth(rawValue: $0.text) })
                        else { throw invalid(node, "RolePrivilege") }
                        return RolePrivilege(
                            privilegeId: try guid(privilege),
                            depth: depth,
                            businessUnitId: try guid(unit)
                        )
                    }
            )
        case (XMLNamespaces.crmContracts, "ValidationResult"):
            return .validationResult(
                ValidationResult(
                    activityId: try node.child("ActivityId")
                        .map { node throws(OrganizationServiceError) in try guid(node) },
                    validationSuccess: node.child("ValidationSuccess")?.text == "true",
                    errorCodes: node.child("TraceInfo")?.child("ErrorInfoList")?.children("ErrorInfo")
                        .compactMap { $0.child("ErrorCode")?.text } ?? []
                )
            )
        case (XMLNamespaces.arrays, "ArrayOfstring"): return .strings(node.children.map(\.text))
        case (XMLNamespaces.arrays, "ArrayOfguid"):
            return .guids(try node.children.map { node throws(OrganizationServiceError) in try guid(node) })
        default:
            let attribute = try self.attribute(node)
            if case .untyped = attribute { return .unread(type: "\(type.namespace)#\(type.name)", text: node.text) }
            return .attribute(attribute)
        }
    }

    /// An attribute value by its `i:type`; an unknown type is kept as its text (`.untyped`), with a warning.
    mutating func attribute(_ node: XMLElementNode) throws(OrganizationServiceError) -> AttributeValue {
        guard !node.isNil else { return .null }
        guard let type = node.instanceType else { return .string(node.text) }
        let text = node.text
        func number<T: LosslessStringConvertible>(_ make: (T) -> AttributeValue) throws(OrganizationServiceError)
            -> AttributeValue
        {
            guard let value = T(text.trimmingCharacters(in: .whitespaces)) else { throw invalid(node, type.name) }
            return make(value)
        }
        switch (type.namespace, type.name) {
        case (XMLNamespaces.schema, "string"): return .string(text)
        case (XMLNamespaces.schema, "boolean"):
            switch text.trimmingCharacters(in: .whitespaces) {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: throw invalid(node, type.name)
            }
        case (XMLNamespaces.schema, "int"): return try number { .int32($0) }
        case (XMLNamespaces.schema, "long"): return try number { .int64($0) }
        case (XMLNamespaces.schema, "short"): return try number { .int16($0) }
        case (XMLNamespaces.schema, "unsignedByte"): return try number { .byte($0) }
        case (XMLNamespaces.schema, "byte"): return try number { .sbyte($0) }
        case (XMLNamespaces.schema, "double"): return .double(try floating(node, type.name))
        case (XMLNamespaces.schema, "float"): return .single(Float(try floating(node, type.name)))
        case (XMLNamespaces.schema, "decimal"):
            guard
                let value = Decimal(
                    string: text.trimmingCharacters(in: .whitespaces),
                    locale: Locale(identifier: "en_US_POSIX")
                )
            else { throw invalid(node, type.name) }
            return .decimal(value)
        case (XMLNamespaces.schema, "dateTime"):
            guard let date = DataContractDates.date(text) else { throw invalid(node, type.name) }
            return .dateTimeOffset(date)
        case (XMLNamespaces.schema, "base64Binary"):
            guard let data = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                throw invalid(node, type.name)
            }
            return .binary(data)
        case (XMLNamespaces.serialization, "guid"), (XMLNamespaces.schema, "guid"): return .guid(try guid(node))
        case (XMLNamespaces.contracts, "EntityReference"): return .entityReference(try entityReference(node))
        case (XMLNamespaces.contracts, "OptionSetValue"): return .optionSetValue(try optionSetValue(node))
        case (XMLNamespaces.contracts, "OptionSetValueCollection"):
            return .optionSetValues(
                try node.children("OptionSetValue")
                    .map { node throws(OrganizationServiceError) in try optionSetValue(node) }
            )
        case (XMLNamespaces.contracts, "Money"):
            guard
                let value = node.child("Value")
                    .flatMap({ Decimal(string: $0.text, locale: Locale(identifier: "en_US_POSIX")) })
            else { throw invalid(node, type.name) }
            return .money(Money(value))
        case (XMLNamespaces.contracts, "AliasedValue"):
            // A linked entity's attribute in a query's result: its value.
            guard let value = node.child("Value") else { return .null }
            return try attribute(value)
        case (XMLNamespaces.contracts, "EntityReferenceCollection"):
            return .collection(
                try node.children("EntityReference")
                    .map { node throws(OrganizationServiceError) in .entityReference(try entityReference(node)) }
            )
        case (XMLNamespaces.contracts, "EntityCollection"):
            // A party list: the activity's parties, `activityparty` records.
            let records = try entityCollection(node).entities
            guard records.allSatisfy({ $0.logicalName == ActivityParty.logicalName }) else { fallthrough }
            return .collection(records.map { .activityParty(ActivityParty(attributes: $0.attributes)) })
        default:
            warnings.append("line \(node.line): a value of type '\(type.name)' (\(type.namespace)) is kept as text")
            return .untyped(.string(text))
        }
    }

    /// An `Entity`, as the class registered for its logical name, its attributes as read (not changed).
    mutating func entity(_ node: XMLElementNode) throws(OrganizationServiceError) -> Entity {
        guard let logicalName = node.child("LogicalName")?.text, !logicalName.isEmpty else {
            throw .invalidResponse("line \(node.line): an entity without a logical name")
        }
        let id = try node.child("Id").map { node throws(OrganizationServiceError) in try guid(node) }
        let entity = Entity(logicalName: logicalName, id: id == Self.emptyId ? nil : id)
        for pair in node.child("Attributes")?.children("KeyValuePairOfstringanyType") ?? [] {
            guard let key = pair.child("key")?.text, let value = pair.child("value") else { continue }
            entity[key] = try attribute(value)
        }
        var formatted: [String: String] = [:]
        for pair in node.child("FormattedValues")?.children("KeyValuePairOfstringstring") ?? [] {
            if let key = pair.child("key")?.text, let value = pair.child("value")?.text { formatted[key] = value }
        }
        entity.formattedValues = formatted
        for pair in node.child("RelatedEntities")?.children("KeyValuePairOfRelationshipEntityCollectionX_PsK4FkN") ?? []
        {
            guard let schemaName = pair.child("key")?.child("SchemaName")?.text, let records = pair.child("value")
            else { continue }
            entity.relatedEntities[schemaName] = try entityCollection(records)
        }
        entity.acceptChanges()
        return registry.earlyBound(entity)
    }

    /// An `EntityCollection` with its paging.
    mutating func entityCollection(_ node: XMLElementNode) throws(OrganizationServiceError) -> EntityCollection {
        var collection = EntityCollection(
            entities: try (node.child("Entities")?.children("Entity") ?? [])
                .map { node throws(OrganizationServiceError) in try entity(node) },
            entityName: node.child("EntityName").flatMap { $0.isNil ? nil : $0.text }
        )
        collection.moreRecords = node.child("MoreRecords")?.text == "true"
        collection.pagingCookie = node.child("PagingCookie").flatMap { $0.isNil || $0.text.isEmpty ? nil : $0.text }
        collection.totalRecordCount = node.child("TotalRecordCount").flatMap { Int($0.text) }
            .flatMap { $0 < 0 ? nil : $0 }
        return collection
    }

    /// The all-zero GUID the service writes for a record without an id.
    private static let emptyId = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    private func entityReference(_ node: XMLElementNode) throws(OrganizationServiceError) -> EntityReference {
        guard let idNode = node.child("Id"), let logicalName = node.child("LogicalName")?.text else {
            throw .invalidResponse("line \(node.line): an entity reference without an id or logical name")
        }
        return EntityReference(
            logicalName: logicalName,
            id: try guid(idNode),
            name: node.child("Name").flatMap { $0.isNil ? nil : $0.text }
        )
    }

    private func optionSetValue(_ node: XMLElementNode) throws(OrganizationServiceError) -> OptionSetValue {
        guard let value = node.child("Value").flatMap({ Int32($0.text.trimmingCharacters(in: .whitespaces)) }) else {
            throw invalid(node, "OptionSetValue")
        }
        return OptionSetValue(value)
    }

    private func columnSet(_ node: XMLElementNode) -> ColumnSet {
        node.child("AllColumns")?.text == "true" ? .all : ColumnSet(node.child("Columns")?.children.map(\.text) ?? [])
    }

    private func guid(_ node: XMLElementNode) throws(OrganizationServiceError) -> UUID {
        guard let id = UUID(uuidString: node.text.trimmingCharacters(in: .whitespaces)) else {
            throw invalid(node, "guid")
        }
        return id
    }

    private func floating(_ node: XMLElementNode, _ type: String) throws(OrganizationServiceError) -> Double {
        switch node.text.trimmingCharacters(in: .whitespaces) {
        case "INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        case let text:
            guard let value = Double(text) else { throw invalid(node, type) }
            return value
        }
    }

    private func invalid(_ node: XMLElementNode, _ type: String) -> OrganizationServiceError {
        .invalidResponse("line \(node.line): '\(node.text.prefix(40))' is not a valid \(type)")
    }
}
