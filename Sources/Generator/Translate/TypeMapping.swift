import MetadataModel
import SwiftEmitter

/// The Swift type of a property, parameter or navigation target.
struct MappedType {
    var element: TypeName
    var isCollection: Bool
    /// The runtime's `PropertyType` for it, e.g. `int32` or `complex(Location)`.
    var runtimeType: RuntimeType

    /// Whether the property stands for a stream the client reads and writes apart from the entity.
    var isStream: Bool { runtimeType == .simple(.stream) || runtimeType == .simple(.file) }

    /// The type of a generated property: optional, since any attribute may be unset, but for a stream's reference,
    /// which every entity has.
    var propertyType: TypeName { isStream ? element : .optional(isCollection ? .array(element) : element) }

    /// A stream's reference: an `Edm.Stream` property (`stream`) or a Dataverse file column (`file`).
    static func stream(_ kind: RuntimeContract.PropertyKind) -> MappedType {
        MappedType(
            element: RuntimeContract.TypeName.streamReference.type,
            isCollection: false,
            runtimeType: .simple(kind)
        )
    }
}

extension GenerationContext {
    /// The Swift type for an Edm primitive type; nil for those no property can hold.
    static func swiftType(_ primitive: EdmPrimitiveType) -> TypeName? {
        switch primitive {
        case .binary: .named("Foundation.Data")
        case .boolean: .named("Swift.Bool")
        case .byte: .named("Swift.UInt8")
        case .sByte: .named("Swift.Int8")
        case .int16: .named("Swift.Int16")
        case .int32: .named("Swift.Int32")
        case .int64: .named("Swift.Int64")
        case .single: .named("Swift.Float")
        case .double: .named("Swift.Double")
        case .decimal: .named("Foundation.Decimal")
        case .string: .named("Swift.String")
        case .guid: .named("Foundation.UUID")
        case .dateTimeOffset, .dateTime: .named("Foundation.Date")
        case .date: RuntimeContract.TypeName.dateOnly.type
        case .timeOfDay, .time: RuntimeContract.TypeName.timeOfDay.type
        case .duration: RuntimeContract.TypeName.edmDuration.type
        case .geography, .geographyPoint, .geographyLineString, .geographyPolygon, .geographyMultiPoint,
            .geographyMultiLineString, .geographyMultiPolygon, .geographyCollection, .geometry, .geometryPoint,
            .geometryLineString, .geometryPolygon, .geometryMultiPoint, .geometryMultiLineString, .geometryMultiPolygon,
            .geometryCollection:
            RuntimeContract.TypeName.spatialValue.type
        case .untyped, .primitiveType: RuntimeContract.TypeName.untypedValue.type
        case .annotationPath, .propertyPath, .navigationPropertyPath, .anyPropertyPath, .modelElementPath,
            .functionImportPath, .entitySetPath:
            .named("Swift.String")
        case .stream, .complexType, .entityType: nil
        }
    }

    /// The runtime's `PropertyType` case for an Edm primitive type that a property can hold.
    static func runtimeType(_ primitive: EdmPrimitiveType) -> RuntimeContract.PropertyKind? {
        switch primitive {
        case .binary: .binary
        case .boolean: .boolean
        case .byte: .byte
        case .sByte: .sbyte
        case .int16: .int16
        case .int32: .int32
        case .int64: .int64
        case .single: .single
        case .double: .double
        case .decimal: .decimal
        case .string: .string
        case .guid: .guid
        case .dateTimeOffset: .dateTimeOffset
        case .dateTime: .dateTime
        case .date: .date
        case .timeOfDay, .time: .timeOfDay
        case .duration: .duration
        case .geography, .geographyPoint, .geographyLineString, .geographyPolygon, .geographyMultiPoint,
            .geographyMultiLineString, .geographyMultiPolygon, .geographyCollection:
            .geography
        case .geometry, .geometryPoint, .geometryLineString, .geometryPolygon, .geometryMultiPoint,
            .geometryMultiLineString, .geometryMultiPolygon, .geometryCollection:
            .geometry
        case .untyped, .primitiveType: .untyped
        case .annotationPath, .propertyPath, .navigationPropertyPath, .anyPropertyPath, .modelElementPath,
            .functionImportPath, .entitySetPath:
            .string
        case .stream, .complexType, .entityType: nil
        }
    }

    /// The complex types of Dynamics CRM 2011–2016's OData v2 endpoint (`OrganizationData.svc`) that stand for the
    /// runtime's own value types, as the early-bound classes of the Organization service have them.
    static let dynamicsV2Types: [String: (swiftType: RuntimeContract.TypeName, runtimeType: RuntimeType)] = [
        "Microsoft.Crm.Sdk.Data.Services.EntityReference": (.entityReference, .lookup([])),
        "Microsoft.Crm.Sdk.Data.Services.OptionSetValue": (.optionSetValue, .simple(.optionSet)),
        "Microsoft.Crm.Sdk.Data.Services.Money": (.money, .simple(.money)),
    ]

    /// The Swift type of a structural type reference, or nil (with the reason) when none can be generated.
    func mapped(_ reference: TypeReference) -> Result<MappedType, UnmappedType> {
        if reference.name.namespace == "Edm" {
            guard let primitive = reference.primitive else { return .failure(.unknown) }
            guard let type = Self.swiftType(primitive), let runtime = Self.runtimeType(primitive) else {
                return .failure(.unsupported(primitive.rawValue))
            }
            return .success(
                MappedType(element: type, isCollection: reference.isCollection, runtimeType: .simple(runtime))
            )
        }
        if let special = Self.dynamicsV2Types[reference.name.description] {
            return .success(
                MappedType(
                    element: special.swiftType.type,
                    isCollection: reference.isCollection,
                    runtimeType: special.runtimeType
                )
            )
        }
        if let name = typeNames.name(of: reference.name) {
            if index.complexTypes[reference.name] != nil {
                return .success(
                    MappedType(element: .named(name), isCollection: reference.isCollection, runtimeType: .complex(name))
                )
            }
            if index.enumTypes[reference.name] != nil {
                return .success(
                    MappedType(
                        element: .named(name),
                        isCollection: reference.isCollection,
                        runtimeType: .simple(.enumeration)
                    )
                )
            }
            if let definition = index.typeDefinitions[reference.name],
                let primitive = TypeReference(name: definition.underlyingType).primitive,
                let runtime = Self.runtimeType(primitive)
            {
                return .success(
                    MappedType(
                        element: .named(name),
                        isCollection: reference.isCollection,
                        runtimeType: .simple(runtime)
                    )
                )
            }
        }
        if entityIndex[reference.name] != nil { return .failure(.entityTyped) }
        if index.enumTypes[reference.name] != nil || index.complexTypes[reference.name] != nil
            || index.typeDefinitions[reference.name] != nil
        {
            return .failure(.notGenerated)
        }
        return .failure(service.opaqueNamespaces.contains(reference.name.namespace) ? .opaque : .unknown)
    }
}

/// Why a type reference has no Swift type.
enum UnmappedType: Error {
    case unknown
    case opaque
    case entityTyped
    case unsupported(String)
    case notGenerated
    case streamOfComplexType

    func describe(_ reference: TypeReference) -> String {
        switch self {
        case .unknown: "its type '\(reference)' is not declared"
        case .opaque: "its type '\(reference)' comes from a document that was not read"
        case .entityTyped: "its type '\(reference)' is an entity type, which a structural property cannot hold"
        case .unsupported(let name): "Edm.\(name) values are not attribute values"
        case .notGenerated: "its type '\(reference)' is not generated"
        case .streamOfComplexType:
            "streams of complex types are not supported (only an entity's streams have an address)"
        }
    }
}
