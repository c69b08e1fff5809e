import Foundation

extension PropertyMetadata {
    /// Property metadata written compactly, as generated code writes it: one property per line, its fields
    /// separated by spaces —
    ///
    ///     [swiftName:] name kind [#n] [target …] [payload=payloadName]
    ///
    /// `swiftName:` is the generated property's Swift name, through which its accessors find `name`, the storage
    /// name (the attribute's logical name, or the property's name); `kind` is the name of a ``PropertyType`` case
    /// (`string`, `dateTimeOffset`, `optionSet`, `navigation` …), in
    /// brackets for a collection (`[navigation]`); `#n` is `types[n]`, the type of a `complex` or the class of a
    /// `navigation`; a `lookup` lists its targets as `logicalName/navigationProperty/entitySet` fields. Names
    /// containing a space, `%`, `/`, `#`, `=`, `:`, a bracket, a quote or a backslash are percent-encoded.
    ///
    /// One string literal per type compiles far faster than an array literal of values: large models have
    /// thousands of properties. Lines that do not read as this format are left out (and stop debug builds).
    public static func table(_ text: String, _ types: [Any.Type] = []) -> [PropertyMetadata] {
        var lines: [Substring] = []
        for line in text.split(separator: "\n") {
            // A line starting with a space continues the one before it.
            if line.first == " ", let last = lines.popLast() {
                lines.append(Substring(last + " " + line.drop { $0 == " " }))
            } else {
                lines.append(line)
            }
        }
        return lines.compactMap { line in
            let metadata = PropertyMetadata(tableLine: line, types: types)
            assert(metadata != nil, "unreadable property metadata: \(line)")
            return metadata
        }
    }

    private init?(tableLine line: Substring, types: [Any.Type]) {
        var fields = line.split(separator: " ")[...]
        var swiftName: String?
        if let first = fields.first, first.hasSuffix(":") {
            guard let decoded = Self.decoded(first.dropLast()) else { return nil }
            swiftName = decoded
            fields = fields.dropFirst()
        }
        guard let name = fields.popFirst().flatMap(Self.decoded), var kind = fields.popFirst() else { return nil }
        let isCollection = kind.hasPrefix("[") && kind.hasSuffix("]") && kind.count > 2
        if isCollection { kind = kind.dropFirst().dropLast() }

        var payloadName: String?
        if let last = fields.last, last.hasPrefix("payload=") {
            guard let decoded = Self.decoded(last.dropFirst("payload=".count)) else { return nil }
            payloadName = decoded
            fields = fields.dropLast()
        }
        let type: PropertyType
        switch kind {
        case "complex", "navigation":
            guard fields.count == 1, let field = fields.first, field.hasPrefix("#"), let index = Int(field.dropFirst()),
                  types.indices.contains(index) else { return nil }
            if kind == "complex" {
                guard let complex = types[index] as? any ComplexValue.Type else { return nil }
                type = .complex(complex)
            } else {
                guard let entity = types[index] as? Entity.Type else { return nil }
                type = .navigation(entity)
            }
        case "lookup":
            var targets: [LookupTarget] = []
            for field in fields {
                let parts = field.split(separator: "/", omittingEmptySubsequences: false).map(Self.decoded)
                guard parts.count == 3, let logicalName = parts[0], let navigation = parts[1], let entitySet = parts[2] else { return nil }
                targets.append(LookupTarget(logicalName, navigationProperty: navigation, entitySetName: entitySet))
            }
            type = .lookup(targets)
        default:
            guard fields.isEmpty, let simple = Self.simpleTypes[String(kind)] else { return nil }
            type = simple
        }
        self.init(name, type, collection: isCollection, propertyName: payloadName, swiftName: swiftName)
    }

    /// The ``PropertyType`` cases without a payload, by case name.
    private static let simpleTypes: [String: PropertyType] = [
        "boolean": .boolean, "byte": .byte, "sbyte": .sbyte, "int16": .int16, "int32": .int32, "int64": .int64,
        "single": .single, "double": .double, "decimal": .decimal, "string": .string, "guid": .guid, "binary": .binary,
        "dateTimeOffset": .dateTimeOffset, "dateTime": .dateTime, "date": .date, "timeOfDay": .timeOfDay,
        "duration": .duration, "geography": .geography, "geometry": .geometry, "untyped": .untyped,
        "enumeration": .enumeration, "optionSet": .optionSet, "money": .money, "stream": .stream, "file": .file,
    ]

    private static func decoded(_ field: Substring) -> String? {
        field.contains("%") ? String(field).removingPercentEncoding : String(field)
    }
}
