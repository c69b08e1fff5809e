/// The types of the `Edm` namespace, across OData v2, v3 and v4 (raw value: the name after `Edm.`).
public enum EdmPrimitiveType: String, Hashable, Sendable, Codable, CaseIterable {
    case binary = "Binary"
    case boolean = "Boolean"
    case byte = "Byte"
    case date = "Date"
    case dateTimeOffset = "DateTimeOffset"
    case decimal = "Decimal"
    case double = "Double"
    case duration = "Duration"
    case guid = "Guid"
    case int16 = "Int16"
    case int32 = "Int32"
    case int64 = "Int64"
    case sByte = "SByte"
    case single = "Single"
    case stream = "Stream"
    case string = "String"
    case timeOfDay = "TimeOfDay"
    /// OData v2/v3 only: a date and time without offset.
    case dateTime = "DateTime"
    /// OData v2/v3 only: a time of day or duration.
    case time = "Time"
    case geography = "Geography"
    case geographyPoint = "GeographyPoint"
    case geographyLineString = "GeographyLineString"
    case geographyPolygon = "GeographyPolygon"
    case geographyMultiPoint = "GeographyMultiPoint"
    case geographyMultiLineString = "GeographyMultiLineString"
    case geographyMultiPolygon = "GeographyMultiPolygon"
    case geographyCollection = "GeographyCollection"
    case geometry = "Geometry"
    case geometryPoint = "GeometryPoint"
    case geometryLineString = "GeometryLineString"
    case geometryPolygon = "GeometryPolygon"
    case geometryMultiPoint = "GeometryMultiPoint"
    case geometryMultiLineString = "GeometryMultiLineString"
    case geometryMultiPolygon = "GeometryMultiPolygon"
    case geometryCollection = "GeometryCollection"
    /// v4.01: a value of any type.
    case untyped = "Untyped"
    /// Abstract types used by vocabularies and operations.
    case primitiveType = "PrimitiveType"
    case complexType = "ComplexType"
    case entityType = "EntityType"
    case annotationPath = "AnnotationPath"
    case propertyPath = "PropertyPath"
    case navigationPropertyPath = "NavigationPropertyPath"
    case anyPropertyPath = "AnyPropertyPath"
    case modelElementPath = "ModelElementPath"
    case functionImportPath = "FunctionImportPath"
    case entitySetPath = "EntitySetPath"

    private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The type with this name (after `Edm.`), found in constant time.
    public static func named(_ name: String) -> EdmPrimitiveType? { byName[name] }
}
