import MetadataModel
import SwiftEmitter

/// One generated property: its Swift name, the attribute it stores, its type and comment.
struct PropertyPlan {
    var swiftName: String
    /// The attribute's storage key: the Dynamics logical name, or the property name.
    var attributeKey: String
    /// The property's name in payloads (`_ownerid_value` for the Dataverse lookup `ownerid`).
    var propertyName: String
    var type: MappedType
    var isReadOnly: Bool
    var documentation: Documentation
    /// Whether a navigation property contains its targets (`ContainsTarget`).
    var containsTarget = false
}

extension GenerationContext {
    /// Whether the configuration's attribute filter admits a property of an entity type.
    func admits(_ property: Property, of entity: QualifiedName) -> Bool {
        // Without a filter, only whether the entity is generated: asked of every property, and the type is a copy.
        guard entityIndex.index(forKey: entity) != nil else { return false }
        let filter = configuration.attributes
        if filter.include.isEmpty && filter.exclude.isEmpty { return true }
        guard let type = entityIndex[entity] else { return false }
        let key = property.dynamics?.logicalName ?? property.name
        let candidates =
            [key, property.name]
            + Self.names(of: type, qualified: entity).flatMap { [$0 + "." + key, $0 + "." + property.name] }
        return filter.admits(candidates)
    }

    /// The Swift name a property gets under the configured naming.
    func swiftName(of property: Property) -> String {
        switch configuration.propertyNaming {
        case .lowerCamelCase: IdentifierNaming.lowerCamelCase(property.dynamics?.schemaName ?? property.name)
        case .schemaName: IdentifierNaming.sanitized(property.dynamics?.schemaName ?? property.name)
        case .logicalName: IdentifierNaming.sanitized(property.dynamics?.logicalName ?? property.name)
        }
    }

    /// The Swift name of a Dataverse lookup read from the Web API's `_x_value` property without entity definitions:
    /// the lookup's own name `x` (`_ownerid_value` → `ownerid`), when no other property or navigation property of the
    /// type is named `x`, else the name of `_x_value` itself.
    private func lookupValueName(of property: Property, siblings: Set<String>, names: UniqueNames) -> String? {
        guard property.dynamics == nil, property.type.primitive == .guid, !property.type.isCollection,
            property.name.hasPrefix("_"), property.name.hasSuffix("_value"), property.name.count > 7
        else { return nil }
        let lookup = String(property.name.dropFirst().dropLast(6))
        guard !siblings.contains(lookup.lowercased()) else { return nil }
        var renamed = property
        renamed.name = lookup
        let name = swiftName(of: renamed)
        return names.isTaken(name) ? nil : name
    }

    /// The position of each attribute's first property in `properties` by its key (the Dynamics logical name, else the
    /// property's name), read by index: iterating would copy every property.
    static func positionsByAttributeKey(_ properties: [Property]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(properties.count)
        for index in properties.indices {
            let key = properties[index].dynamics?.logicalName ?? properties[index].name
            if positions[key] == nil { positions[key] = index }
        }
        return positions
    }

    /// The properties of a structured type to generate, named uniquely within `names`; `navigationProperties` are the
    /// names of the type's navigation properties, which a lookup's Swift name must leave to them. `renamed` holds the
    /// Swift names renames chose (already claimed in `names`), by property name.
    func plan(
        _ properties: [Property],
        owner: QualifiedName,
        entity: QualifiedName?,
        navigationProperties: [String] = [],
        renamed: [String: String] = [:],
        names: inout UniqueNames
    ) -> [PropertyPlan] {
        let siblings = Set((properties.map(\.name) + navigationProperties).map { $0.lowercased() })
        var plans: [PropertyPlan] = []
        var skippedVirtual: [String] = []
        for property in properties {
            let key = property.dynamics?.logicalName ?? property.name
            if let entity, !admits(property, of: entity) { continue }
            let mapped: MappedType
            switch mappedType(of: property, entity: entity) {
            case .success(let type): mapped = type
            case .failure(.virtualAttribute):
                skippedVirtual.append(key)
                continue
            case .failure(.unmapped(let reason)):
                warning(
                    "property \(owner.name).\(property.name) is not generated: \(reason.describe(property.type))",
                    at: property.location
                )
                continue
            }
            let preferred =
                entity == nil
                ? swiftName(of: property)
                : lookupValueName(of: property, siblings: siblings, names: names) ?? swiftName(of: property)
            let (name, changed) = renamed[property.name].map { ($0, false) } ?? names.claim(preferred, suffix: "Value")
            if changed {
                note(
                    "property \(owner.name).\(property.name) is generated as '\(name)': '\(preferred)' is taken",
                    at: property.location
                )
            }
            plans.append(
                PropertyPlan(
                    swiftName: name,
                    attributeKey: key,
                    propertyName: property.name,
                    type: mapped,
                    isReadOnly: isReadOnly(property),
                    documentation: documentation(of: property, in: owner, swiftName: name)
                )
            )
        }
        if !skippedVirtual.isEmpty, let location = properties.first?.location {
            warning(
                """
                \(owner.name): \(skippedVirtual.count) virtual attribute\(skippedVirtual.count == 1 ? " is" : "s are") \
                not generated (they hold no value of their own): \(skippedVirtual.joined(separator: ", "))
                """,
                at: location
            )
        }
        return plans
    }

    private enum Unmappable: Error {
        case virtualAttribute
        case unmapped(UnmappedType)
    }

    /// Dynamics attributes by their attribute type; everything else by its Edm or named type.
    private func mappedType(of property: Property, entity: QualifiedName?) -> Result<MappedType, Unmappable> {
        if let attribute = property.dynamics, let entity {
            let isMultiSelect =
                attribute.attributeTypeName == "MultiSelectPicklistType"
                || attribute.metadataType == "MultiSelectPicklistAttributeMetadata"
            if let set = attribute.optionSet, set.kind != "Boolean",
                let key = optionSetKey(set, entity: entity, property: property),
                let name = typeNames.optionSetNames[key]
            {
                return .success(
                    MappedType(element: .named(name), isCollection: isMultiSelect, runtimeType: .simple(.optionSet))
                )
            }
            if attribute.attributeTypeName == "FileType" || attribute.metadataType == "FileAttributeMetadata" {
                return .success(.stream(.file))
            }
            switch attribute.attributeType ?? "" {
            case "Lookup", "Customer", "Owner":
                return .success(
                    MappedType(
                        element: RuntimeContract.TypeName.entityReference.type,
                        isCollection: false,
                        runtimeType: lookupType(property, entity: entity)
                    )
                )
            case "PartyList":
                return .success(
                    MappedType(
                        element: RuntimeContract.TypeName.activityParty.type,
                        isCollection: true,
                        runtimeType: partyListType(property)
                    )
                )
            case "Money":
                return .success(
                    MappedType(
                        element: RuntimeContract.TypeName.money.type,
                        isCollection: false,
                        runtimeType: .simple(.money)
                    )
                )
            case "Virtual", "CalendarRules":
                if property.type.primitive == .untyped { return .failure(.virtualAttribute) }
            default: break
            }
        }
        if property.type.primitive == .stream, !property.type.isCollection {
            guard entity != nil else { return .failure(.unmapped(.streamOfComplexType)) }
            return .success(.stream(.stream))
        }
        return mapped(property.type).mapError(Unmappable.unmapped)
    }

    /// Computed and immutable properties, and Dynamics or SAP attributes valid for neither create nor update.
    private func isReadOnly(_ property: Property) -> Bool {
        if property.isComputed || property.isImmutable || property.permissions == .read { return true }
        if let attribute = property.dynamics, attribute.isValidForCreate == false, attribute.isValidForUpdate == false {
            return true
        }
        if let sap = property.sap, !sap.isCreatable, !sap.isUpdatable { return true }
        return false
    }

    /// Labels, one description, the lookup's targets, and the property's place in the metadata.
    private func documentation(of property: Property, in owner: QualifiedName, swiftName: String) -> Documentation {
        var text = DocumentationText()
        text.add(property.dynamics?.displayName.text)
        text.add(property.sap?.label)
        text.add(property.displayLabel)
        text.add(property.dynamics?.description.text ?? property.coreDescription)
        text.add(property.longDescription)
        if let targets = property.dynamics?.targets, !targets.isEmpty {
            text.add("Refers to: " + targets.joined(separator: ", ") + ".")
        }
        if property.dynamics?.attributeType == "PartyList" {
            text.add("A party list: the Web API reads and writes its parties as `\(owner.name)_activity_parties`.")
        }
        if property.dynamics?.attributeTypeName == "ImageType" {
            text.add(
                """
                The thumbnail the record carries; `fullSizeImage(\\.\(swiftName))` is the full-size image, \
                for the client to download.
                """
            )
        }
        var kind = "`\(property.type)`"
        if let attribute = property.dynamics {
            // File and image columns are `Virtual` attributes whose type name says what they hold.
            var type = attribute.attributeType ?? attribute.metadataType
            if type == "Virtual", let name = attribute.attributeTypeName, name.hasSuffix("Type"), name != "VirtualType"
            {
                type = String(name.dropLast(4))
            }
            kind += ", \(type) attribute"
            if attribute.logicalName != property.name { kind += " `\(attribute.logicalName)`" }
        }
        return text.documentation(remark: "Generated from `\(owner)/\(property.name)` (\(kind)).")
    }
}
