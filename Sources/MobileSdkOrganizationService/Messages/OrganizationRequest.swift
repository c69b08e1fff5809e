import Foundation
import MobileSdk

/// A message of the organization service (`OrganizationRequest`) by name, with its parameters: any message, typed
/// or not — `OrganizationRequest(name: "SetState", parameters: ["EntityMoniker": …, "State": …, "Status": …])`.
public struct OrganizationRequest {
    /// The message's name, such as `"WinOpportunity"`.
    public var name: String
    /// The parameters in the order they are sent.
    public var parameters: [(name: String, value: OrganizationValue)]

    /// A message named `name` with `parameters`.
    public init(name: String, parameters: KeyValuePairs<String, OrganizationValue> = [:]) {
        self.name = name
        self.parameters = parameters.map { (name: $0.key, value: $0.value) }
    }

    /// The parameter named `name`; setting one replaces it or adds it at the end.
    public subscript(name: String) -> OrganizationValue? {
        get { parameters.first { $0.name == name }?.value }
        set {
            let index = parameters.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): parameters[index].value = value
            case (let index?, nil): parameters.remove(at: index)
            case (nil, let value?): parameters.append((name, value))
            case (nil, nil): break
            }
        }
    }
}

/// What the organization service answers a message with (`OrganizationResponse`): its results by name.
public struct OrganizationResponse {
    /// The message's name.
    public var name: String
    /// The results in the order the service sent them.
    public var results: [(name: String, value: OrganizationValue)]
    /// What was read but not understood, such as a value of a type this library does not know (kept as text).
    public var warnings: [String]

    /// A response named `name` with `results`.
    public init(name: String, results: [(name: String, value: OrganizationValue)] = [], warnings: [String] = []) {
        self.name = name
        self.results = results
        self.warnings = warnings
    }

    /// The result named `name`.
    public subscript(name: String) -> OrganizationValue? { results.first { $0.name == name }?.value }

    /// The result `name` as an entity of `type` (the class registered for its logical name).
    public func entity<T: Entity>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard case .entity(let entity)? = self[name] else { throw OrganizationServiceError.missingResult(name) }
        return try entity.toEntity(type)
    }

    /// The result `name` as a collection of records.
    public func entityCollection(_ name: String) throws -> EntityCollection {
        guard case .entityCollection(let collection)? = self[name] else {
            throw OrganizationServiceError.missingResult(name)
        }
        return collection
    }

    /// The result `name` as an attribute value converted to `T` (a GUID, a number, an `EntityReference`…).
    public func value<T: AttributeValueConvertible>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard case .attribute(let attribute)? = self[name], let value = T(attributeValue: attribute) else {
            throw OrganizationServiceError.missingResult(name)
        }
        return value
    }
}

/// A typed message: the request it sends and how it reads its response. The messages this library defines conform,
/// and so can an app's own: a custom API or plug-in message is a name, parameters and results.
public protocol OrganizationMessage {
    /// What the message gives back.
    associatedtype Response
    /// The request to send.
    var request: OrganizationRequest { get }
    /// Reads the service's response.
    static func response(from response: OrganizationResponse) throws -> Response
}

extension OrganizationMessage where Response == Void {
    /// A message without results reads nothing.
    public static func response(from response: OrganizationResponse) throws {}
}

extension OrganizationResponse {
    /// Reads an `Execute` response envelope (SOAP 1.1 or 1.2), its entities as the classes `registry` holds; throws
    /// the ``OrganizationServiceFault`` it holds instead, or ``OrganizationServiceError/invalidResponse(_:)``.
    public init(envelope: Data, registry: EntityRegistry = .shared) throws {
        switch try SOAPEnvelope.answer(envelope, registry: registry) {
        case .response(let response): self = response
        case .fault(let fault): throw fault
        }
    }
}

extension OrganizationResponse {
    /// The result `name` as a `ValidationResult` (`Book`, `Reschedule`).
    public func validationResult(_ name: String) throws -> ValidationResult {
        guard case .validationResult(let result)? = self[name] else {
            throw OrganizationServiceError.missingResult(name)
        }
        return result
    }

    /// The result `name` as entity references (an `EntityReferenceCollection`).
    public func entityReferences(_ name: String) throws -> [EntityReference] {
        switch self[name] {
        case .entityReferences(let references)?: return references
        case .attribute(.collection(let values))?:
            return try values.map { value in
                guard case .entityReference(let reference) = value else {
                    throw OrganizationServiceError.missingResult(name)
                }
                return reference
            }
        default: throw OrganizationServiceError.missingResult(name)
        }
    }
}
