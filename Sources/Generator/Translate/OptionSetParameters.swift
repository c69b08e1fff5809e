import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// The enum of the option set the configuration's `optionSetParameters` ties a parameter to, when that option set
    /// is generated; otherwise nil, after a warning at the configuration's entry saying why the parameter stays an
    /// integer.
    func optionSetParameterType(_ plan: OperationPlan, _ parameter: Parameter) -> TypeName? {
        let entries = configuration.optionSetParameters
        guard !entries.isEmpty else { return nil }
        let wanted = [plan.operation.name, plan.qualified.description].map { ($0 + "." + parameter.name).lowercased() }
        guard
            let (key, value) = entries.sorted(by: { $0.key < $1.key })
                .first(where: { wanted.contains($0.key.lowercased()) })
        else { return nil }
        matchedOptionSetParameters.insert(key)
        let location = configuration.optionSetParameterLocations[key] ?? .file("configuration optionSetParameters")
        guard parameter.type.primitive == .int32, !parameter.type.isCollection else {
            warning(
                "parameter '\(key)' keeps its type: it is '\(parameter.type)', not Edm.Int32, an option set's values",
                at: location
            )
            return nil
        }
        guard let name = generatedOptionSet(value) else {
            warning("parameter '\(key)' stays an integer: option set '\(value)' is not generated", at: location)
            return nil
        }
        return .named(name)
    }

    /// Warns about `optionSetParameters` entries that name no parameter of a generated operation.
    func reportUnmatchedOptionSetParameters() {
        for key in configuration.optionSetParameters.keys.sorted() where !matchedOptionSetParameters.contains(key) {
            warning(
                "optionSetParameters entry '\(key)' names no parameter of a generated operation; it is skipped",
                at: configuration.optionSetParameterLocations[key] ?? .file("configuration optionSetParameters")
            )
        }
    }

    /// The Swift name of the generated option set known as `name`: a global one by its name, a local one by its name
    /// or as `entity.attribute`.
    private func generatedOptionSet(_ name: String) -> String? {
        let wanted = name.lowercased()
        for (entity, type) in entityTypes {
            for property in type.properties where admits(property, of: entity) {
                guard let set = property.dynamics?.optionSet, set.kind != "Boolean",
                    let key = optionSetKey(set, entity: entity, property: property),
                    let swiftName = typeNames.optionSetNames[key]
                else { continue }
                let attribute = property.dynamics?.logicalName ?? property.name
                let names =
                    (set.name.map { [$0] } ?? [])
                    + (set.isGlobal ? [] : Self.names(of: type, qualified: entity).map { $0 + "." + attribute })
                if names.contains(where: { $0.lowercased() == wanted }) { return swiftName }
            }
        }
        return nil
    }
}
