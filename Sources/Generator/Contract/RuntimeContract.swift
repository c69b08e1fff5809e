import SwiftEmitter

/// Every name of the `MobileSdk` runtime that generated code writes, and the member names generated declarations must
/// not take because the runtime's types already have them: the one place where generator and runtime meet.
///
/// `Tests/GeneratorTests/Compiled/RuntimeContractTests` compares these names with the runtime's public symbols (its
/// symbol graph) and compiles generated code that uses every one of them, so a rename on either side fails a test
/// instead of generated code.
enum RuntimeContract {
    /// The runtime module.
    static let module = "MobileSdk"

    /// The SPI group of the runtime's declarations meant for generated code alone (the `Accessor` hooks and the
    /// subscripts `_modify` yields, `PropertyMetadata.table(of:_:_:)`, `DisplayNameTable.init(text:)` and
    /// `OptionTable.init(text:cases:)`): public, but seen only by files importing it by name, so that they stay out of
    /// apps' completion lists.
    static let spiGroup = "Generated"

    /// How every generated file imports the runtime: `@_spi(Generated) import MobileSdk`.
    static let moduleImport = ImportDeclaration(module, spi: spiGroup)

    /// The runtime's types that generated code names.
    enum TypeName: String, CaseIterable {
        case activityParty = "ActivityParty"
        case attributeValue = "AttributeValue"
        case complexValue = "ComplexValue"
        case dateOnly = "DateOnly"
        case displayNameTable = "DisplayNameTable"
        case edmDuration = "EdmDuration"
        case edmEnumeration = "EdmEnumeration"
        case edmFlagsEnumeration = "EdmFlagsEnumeration"
        case entity = "Entity"
        case entityKey = "EntityKey"
        case entityReference = "EntityReference"
        case entityRegistry = "EntityRegistry"
        case entitySetAccessor = "EntitySetAccessor"
        case money = "Money"
        case odataOperation = "ODataOperation"
        case odataServiceClient = "ODataServiceClient"
        case operationCall = "OperationCall"
        case operationResult = "OperationResult"
        case optionSetEnumeration = "OptionSetEnumeration"
        case optionSetValue = "OptionSetValue"
        case optionTable = "OptionTable"
        case propertyMetadata = "PropertyMetadata"
        case runtimeVersion = "MobileSdkRuntimeVersion1"
        case singletonAccessor = "SingletonAccessor"
        case spatialValue = "SpatialValue"
        case streamReference = "StreamReference"
        case timeOfDay = "TimeOfDay"
        case untypedValue = "UntypedValue"

        /// The module-qualified name, as generated code writes it.
        var qualified: String { RuntimeContract.module + "." + rawValue }
        /// The type as generated code writes it.
        var type: SwiftEmitter.TypeName { .named(qualified) }
    }

    /// `Entity`'s class properties that generated classes override.
    enum ClassProperty: String, CaseIterable {
        case entityLogicalName, entityQualifiedName, primaryIdAttribute, entitySetName, keyAttributes, alternateKeys
        case primaryNameAttribute, objectTypeCode, propertyMetadata, displayNameTable
    }

    /// The hooks the accessors of generated properties call (`Entity` and `ComplexValue` extensions); each finds the
    /// storage name from the calling property's Swift name.
    enum Accessor: String, CaseIterable {
        case get = "_get"
        case set = "_set"
        case getAll = "_getAll"
        case setAll = "_setAll"
        case related = "_related"
        case setRelated = "_setRelated"
        case relatedAll = "_relatedAll"
        case setRelatedAll = "_setRelatedAll"
        case stream = "_stream"

        /// The accessor body's one statement, `self._get()` or `self._set(newValue)`: `self.` spares the compiler an
        /// unqualified lookup through the scopes in each of a large model's thousands of accessors.
        func body(_ arguments: [Argument] = []) -> [Statement] {
            [.expression(.call(.member(.selfReference, rawValue), arguments))]
        }

        /// The setter's body, passing `newValue`.
        var setterBody: [Statement] { body([Argument(.identifier("newValue"))]) }

        /// For a setter hook of an entity's property, the label of the `Entity` subscript that the property's
        /// `_modify` accessor yields, which stores through this hook. (A complex type's struct keeps the `_modify`
        /// Swift writes: a written one, reaching the runtime through the protocol, compiles four times as long as it
        /// saves.)
        var modifySubscriptLabel: String? {
            switch self {
            case .set: "_attribute"
            case .setAll: "_attributes"
            case .setRelated: "_related"
            case .setRelatedAll: "_relatedAll"
            case .get, .getAll, .related, .relatedAll, .stream: nil
            }
        }

        /// For a setter hook, the `_modify` accessor's body, `yield &self[_attribute: #function]`: written, so that
        /// Swift does not synthesize an inlinable one whose body every build of the module lowers again.
        var modifyBody: [Statement]? {
            modifySubscriptLabel.map {
                [.yieldInout(.subscript(.selfReference, [Argument(label: $0, .literal(.function))]))]
            }
        }
    }

    /// Other runtime members generated code calls or declares.
    enum Member: String, CaseIterable {
        /// `PropertyMetadata.table(of:_:_:)`.
        case propertyTable = "table"
        case of
        /// `ComplexValue.attributes`, also the label of `init(attributes:)`.
        case attributes
        /// `OptionSetEnumeration.options` and its `unknown(_:)` case.
        case options, unknown
        /// `EdmEnumeration` and `EdmFlagsEnumeration`: `edmTypeName` and `memberNames`.
        case edmTypeName, memberNames
        /// `EntityRegistry.register(_:)` and `EntityRegistry.shared`.
        case register, shared
        /// `ODataOperation`: the request's `call`, `response(from:)` and `Response`.
        case call, response, from
        case responseType = "Response"
        /// `OperationCall.init(action:on:_:)` / `init(function:on:_:)`.
        case action, function, on
        /// `OperationBinding.entitySet(_:)` and `.entity(entitySet:key:)`.
        case entitySet, entity, key
        /// `OperationParameter` factories.
        case typed, typedCollection, entities
        /// `OperationResult` readers: `entities(_:)`, `optionalEntity(_:)`, `value(_:as:)`, `values(_:as:)`.
        case optionalEntity, value, values, `as`
        /// `ODataServiceClient.invoke(_:)`, and the `client:`/`name:` of the accessors' initializers.
        case invoke, client, name
        /// `LookupTarget.init(_:navigationProperty:entitySetName:)`.
        case navigationProperty, entitySetName
        /// `DisplayNameTable.init(text:)` and `OptionTable.init(text:cases:)`, which read a display-name table
        /// (`displayNameTableVersion`) and an option table (`optionTableVersion`).
        case text, cases
    }

    /// The latest version of the property table format the generator writes, on the table's first line after
    /// `propertyTableVersionKeyword`; the runtime stops at a version it does not read
    /// (`PropertyMetadata.tableFormatVersions`). A table that uses nothing of version 2 (`contained`) is written as
    /// `propertyTableBaseVersion`.
    static let propertyTableVersion = 2
    static let propertyTableBaseVersion = 1
    static let propertyTableVersionKeyword = "version"
    /// The field of a navigation property's table line (format 2) saying it contains its targets.
    static let propertyTableContainedField = "contained"

    /// The version of the display-name table format (`DisplayNameTable.init(text:)`) the generator writes, on the
    /// table's first line after `propertyTableVersionKeyword`; the runtime reads no table of a version it does not
    /// know (`DisplayNameTable.textFormatVersions`).
    static let displayNameTableVersion = 1
    /// The version of the option table format (`OptionTable.init(text:cases:)`) the generator writes, on the table's
    /// first line after `propertyTableVersionKeyword`; the runtime leaves out the options of a table of a version it
    /// does not know (`OptionTable.textFormatVersions`). The option lines' labels are written as a display-name
    /// table's names, its `languages` line too.
    static let optionTableVersion = 1
    /// A display-name table's lines besides its version's and its columns', by their first word.
    enum DisplayNameTableLine: String, CaseIterable {
        /// The languages' tags.
        case languages
        /// The table's singular and plural names.
        case entity, collection
    }
    /// What separates the names of a display-name table's line.
    static let displayNameSeparator: Character = "|"

    /// `PropertyType` cases as property tables and response readers write them.
    enum PropertyKind: String, CaseIterable {
        case boolean, byte, sbyte, int16, int32, int64, single, double, decimal, string, guid, binary, dateTimeOffset
        case dateTime, date, timeOfDay, duration, geography, geometry, untyped, enumeration, optionSet, money, lookup
        case complex, navigation, stream, file
    }

    /// The runtime types generated types subclass or conform to, whose members they inherit (`RuntimeMembers.swift`
    /// lists them, from the runtime's symbol graph).
    static let inheritingTypes: [TypeName] = [
        .entity, .complexValue, .optionSetEnumeration, .edmEnumeration, .edmFlagsEnumeration, .odataOperation,
    ]

    /// The member names `type` hands on to the generated types that subclass it or conform to it.
    static func members(inheritedFrom type: TypeName) -> Set<String> { inheritedMembers[type] ?? [] }

    /// Names a generated entity class must not give its properties: what `Entity` hands on, the class properties and
    /// accessors generated classes declare or call, and Swift's — less those it may shadow.
    static let entityMembers: Set<String> = members(inheritedFrom: .entity).subtracting(shadowableEntityMembers)
        .union(ClassProperty.allCases.map(\.rawValue)).union(Accessor.allCases.map(\.rawValue)).union(swiftMembers)

    /// `Entity` members a generated property may shadow: protocol-extension members, which generic code reaches through
    /// the protocol whatever a subclass declares (`Identifiable.id`: a generated `id` attribute keeps its name), and
    /// type methods, beside which an instance property of the same name is allowed (`displayName(of:)` and a
    /// `displayName` attribute).
    static let shadowableEntityMembers: Set<String> = ["id", "ID", "displayName", "displayCollectionName"]

    /// Names a generated complex type must not give its properties.
    static let complexMembers: Set<String> = members(inheritedFrom: .complexValue)
        .union([Member.attributes.rawValue, ClassProperty.propertyMetadata.rawValue])
        .union(Accessor.allCases.map(\.rawValue)).union(swiftMembers)

    /// Names a generated option set enum must not give its cases; `none` would make `.none` ambiguous with nil.
    static let optionSetMembers: Set<String> = members(inheritedFrom: .optionSetEnumeration)
        .union([Member.options.rawValue, Member.unknown.rawValue, optionTableFunction, "none"]).union(swiftMembers)

    /// The private static function of a generated option set enum that builds its `options`.
    static let optionTableFunction = "makeOptions"

    /// Names a generated CSDL enum or flags type must not give its members.
    static let enumMembers: Set<String> = members(inheritedFrom: .edmEnumeration)
        .union(members(inheritedFrom: .edmFlagsEnumeration))
        .union([Member.edmTypeName.rawValue, Member.memberNames.rawValue, "none"]).union(swiftMembers)

    /// Names a generated operation request must not give its parameters: besides what `ODataOperation` hands on, the
    /// `target` and `targetEntitySet` a bound request stores.
    static let requestMembers: Set<String> = members(inheritedFrom: .odataOperation)
        .union([Member.call.rawValue, Member.response.rawValue, Member.responseType.rawValue])
        .union(["target", "targetEntitySet"]).union(swiftMembers)

    /// Names a generated service must not give its members.
    static let serviceMembers: Set<String> = Set([Member.client.rawValue]).union(swiftMembers)

    /// Names every generated type's members avoid: Swift gives them a meaning of its own.
    static let swiftMembers: Set<String> = [
        "init", "deinit", "self", "Self", "Type", "Protocol", "super", "subscript", "_",
    ]

    /// Type names generated types avoid, so that code using both stays unambiguous: the runtime's public types, the
    /// modules generated code imports, and common standard-library and Foundation types.
    static let reservedTypeNames: Set<String> = Set(runtimePublicTypes)
        .union([
            "Swift", "Foundation", "MobileSdk", "Type", "Protocol", "Self", "Any", "AnyObject", "_", "Task",
            "TaskPriority", "TaskGroup", "MainActor", "Result", "Error", "Never", "Void", "Optional", "Array",
            "Dictionary", "Set", "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt8", "Double",
            "Float", "Bool", "Data", "Date", "URL", "UUID", "Decimal", "Calendar", "Locale", "TimeZone", "Notification",
            "Operation", "Process", "Thread", "Timer", "Bundle", "Codable", "Sendable", "Equatable", "Hashable",
            "Identifiable", "CaseIterable",
        ])

    /// The runtime's public types, those of its SPI group included (checked against its symbol graph by
    /// `RuntimeContractTests`).
    static let runtimePublicTypes: [String] = [
        "ActivityParty", "AttributeKeyPaths", "AttributeValue", "AttributeValueConvertible", "ColumnSet",
        "ComplexValue", "DateOnly", "DisplayNameTable", "EdmDuration", "EdmEnumeration", "EdmFlagsEnumeration",
        "Entity", "EntityCollection", "EntityConversionError", "EntityIdentity", "EntityKey", "EntityLocation",
        "EntityReference", "EntityRegistry", "EntitySetAccessor", "EntitySnapshot", "Field", "Fields",
        "FilterExpression", "FilterNode", "JSONPayloadError", "LabelLanguages", "LookupTarget",
        "MobileSdkRuntimeVersion1", "Money", "ODataEncodingError", "ODataJSONDecoder", "ODataJSONEncoder",
        "ODataLiteral", "ODataOperation", "ODataQuery", "ODataServiceClient", "ODataVersion", "OperationBinding",
        "OperationCall", "OperationParameter", "OperationResult", "OptionSetEnumeration", "OptionSetValue",
        "OptionTable", "ParticipationType", "PropertyMetadata", "PropertyPath", "PropertyTableError", "PropertyType",
        "Query", "QueryTree", "RemovedEntity", "SingletonAccessor", "SpatialValue", "StreamReference", "TimeOfDay",
        "URLText", "UntypedValue",
    ]
}
