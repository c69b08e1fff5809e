import Foundation
import MobileSdk

/// The results of a message read over SOAP, written as the Web API answers the same action, so that a generated
/// request's `response(from:)` reads them: nothing (204); one value as `{"value": …}`; several as the object of a
/// complex type (`WhoAmIResponse`); records and references as entities typed by `@odata.type` with their ids and the
/// attributes JSON can hold.
struct WebAPIAnswer {
    let encoder: ODataJSONEncoder
    let registry: EntityRegistry
    /// The namespace of `@odata.type`: Dataverse's.
    let typeNamespace: String

    /// The body the Web API would have sent.
    func body(_ response: OrganizationResponse) throws -> Data {
        switch response.results.count {
        case 0: return Data()
        case 1:
            let value = response.results[0].value
            if case .entity(let entity) = value { return try self.entity(entity) }
            return Data("{\"value\":".utf8) + (try json(value)) + Data("}".utf8)
        default:
            var object = Data("{".utf8)
            for (index, result) in response.results.enumerated() {
                if index > 0 { object.append(Data(",".utf8)) }
                object.append(try encoder.encodeValue(.string(result.name)))
                object.append(Data(":".utf8))
                object.append(try json(result.value))
            }
            return object + Data("}".utf8)
        }
    }

    private func json(_ value: OrganizationValue) throws -> Data {
        switch value {
        case .attribute(.entityReference(let reference)): return try self.reference(reference)
        case .attribute(let attribute): return try encoder.encodeValue(attribute)
        case .entity(let entity): return try self.entity(entity)
        case .entityCollection(let collection): return try array(collection.entities.map(entity))
        case .entityReferences(let references), .entityReferenceArray(let references):
            return try array(references.map(reference))
        case .strings(let strings): return try encoder.encodeValue(.collection(strings.map { .string($0) }))
        case .guids(let ids): return try encoder.encodeValue(.collection(ids.map { .guid($0) }))
        case .columnSet, .fetchExpression, .queryExpression, .relationship, .rolePrivileges, .validationResult, .unread:
            throw OrganizationServiceError.unsupportedValue("a result the Web API form of the message does not carry")
        }
    }

    private func array(_ elements: [Data]) throws -> Data {
        Data("[".utf8) + elements.joined(separator: Data(",".utf8)) + Data("]".utf8)
    }

    /// A record as a typed object: `@odata.type`, its id under its primary id attribute, and the attributes JSON
    /// holds as they are (lookups, which the Web API writes as `_x_value`, are left out).
    private func entity(_ entity: Entity) throws -> Data {
        var members: [(String, Data)] = [("@odata.type", try typeName(entity.logicalName))]
        if let id = entity.recordId {
            members.append((idAttribute(entity.logicalName), try encoder.encodeValue(.guid(id))))
        }
        for (name, value) in entity.attributes.sorted(by: { $0.key < $1.key }) {
            if case .entityReference = value { continue }
            members.append((name, try encoder.encodeValue(value)))
        }
        return try object(members)
    }

    private func reference(_ reference: EntityReference) throws -> Data {
        try object([
            ("@odata.type", try typeName(reference.logicalName)),
            (idAttribute(reference.logicalName), try encoder.encodeValue(.guid(reference.id))),
        ])
    }

    private func object(_ members: [(String, Data)]) throws -> Data {
        var data = Data("{".utf8)
        for (index, member) in members.enumerated() {
            if index > 0 { data.append(Data(",".utf8)) }
            data.append(try encoder.encodeValue(.string(member.0)))
            data.append(Data(":".utf8))
            data.append(member.1)
        }
        return data + Data("}".utf8)
    }

    private func typeName(_ logicalName: String) throws -> Data {
        try encoder.encodeValue(.string("#\(typeNamespace).\(logicalName)"))
    }

    /// The primary id attribute of the class registered for `logicalName`, else `logicalName` + `id`.
    private func idAttribute(_ logicalName: String) -> String {
        registry.type(forLogicalName: logicalName)?.primaryIdAttribute ?? logicalName + "id"
    }
}
