import MobileSdk

extension OrganizationRequest {
    /// The organization-service form of a generated Web API action or function (`WinOpportunityRequest`): the same
    /// message by its unqualified name, its parameters by name, and a binding to one record as `Target`. A binding
    /// to an entity set has no organization-service form; nor does a record key other than a GUID.
    public init(_ call: OperationCall, registry: EntityRegistry) throws {
        self.init(name: String(call.operationName.split(separator: ".").last ?? Substring(call.operationName)))
        switch call.binding {
        case .unbound: break
        case .entitySet(let set):
            throw OrganizationServiceError.unsupportedValue("an operation bound to the entity set '\(set)'")
        case .entity(let set, let key):
            guard case .single(.guid(let id)) = key.storage,
                let type = registry.registeredLogicalNames.lazy.compactMap(registry.type(forLogicalName:))
                    .first(where: { $0.entitySetName == set })
            else {
                throw OrganizationServiceError.unsupportedValue("an operation bound to a record of '\(set)' by \(key)")
            }
            parameters.append(("Target", .attribute(.entityReference(EntityReference(type, id: id)))))
        }
        for parameter in call.parameters {
            switch parameter.value {
            case .value(let value): parameters.append((parameter.name, .attribute(value)))
            case .entity(let entity): parameters.append((parameter.name, .entity(entity)))
            case .entities(let entities):
                parameters.append((parameter.name, .entityCollection(EntityCollection(entities: entities))))
            }
        }
    }
}

extension OrganizationServiceClient {
    /// Sends a generated Web API request (`WinOpportunityRequest`, `QualifyLeadRequest`) over SOAP instead, its
    /// results read as the Web API would answer them: one request type works over either channel.
    @discardableResult nonisolated(nonsending) public func execute<Operation: ODataOperation>(_ operation: Operation)
        async throws -> Operation.Response
    {
        let configuration = client.configuration
        let response = try await execute(OrganizationRequest(operation.call, registry: configuration.registry))
        let answer = WebAPIAnswer(
            encoder: ODataJSONEncoder(registry: configuration.registry),
            registry: configuration.registry,
            typeNamespace: configuration.typeNamespace ?? "Microsoft.Dynamics.CRM"
        )
        let body = try answer.body(response)
        return try Operation.response(
            from: OperationResult(
                statusCode: body.isEmpty ? 204 : 200,
                body: body,
                decoder: ODataJSONDecoder(version: .v4, registry: configuration.registry)
            )
        )
    }
}
