import MetadataModel

/// One object of the Web API's metadata JSON, read member by member into the values the entity metadata XML reader
/// produces (see `DataContractValues.swift`). `null` and absent members read as nil; a member of the wrong JSON type
/// is a located warning and reads as nil, so one odd value never costs the whole entity.
struct WebAPIObject {
    let value: JSONValue
    let context: ReadContext

    var location: SourceLocation { value.location }

    /// The member, unless absent or `null`.
    func member(_ key: String) -> JSONValue? {
        guard let member = value[key], !member.isNull else { return nil }
        return member
    }

    /// `@odata.type` without its `#` and namespace: `#Microsoft.Dynamics.CRM.LookupAttributeMetadata` →
    /// `LookupAttributeMetadata`.
    var odataType: String? {
        guard let type = string("@odata.type") else { return nil }
        let qualified = type.hasPrefix("#") ? type.dropFirst() : Substring(type)
        // The last segment between dots that is not empty, found by bytes (a dot is one byte): a read of every attribute.
        let bytes = qualified.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: ".") {
            end = bytes.index(before: end)
        }
        let start = bytes[..<end].lastIndex(of: UInt8(ascii: ".")).map(bytes.index(after:)) ?? bytes.startIndex
        let name = end > bytes.startIndex ? qualified[start..<end] : qualified
        // The complex types a function answers with (RetrieveMetadataChanges: `ComplexStringAttributeMetadata`) carry
        // what the entity types of the same name without `Complex` do.
        if name.hasPrefix("Complex"), name.hasSuffix("Metadata"), name.utf8.count > "ComplexMetadata".utf8.count {
            return String(name.dropFirst("Complex".count))
        }
        return String(name)
    }

    /// A string; empty reads as nil, as an empty element does in XML.
    func string(_ key: String) -> String? {
        guard let member = member(key) else { return nil }
        guard case .string(let text) = member.kind else { return mismatch(key, member, expected: "a string") }
        return text.isEmpty ? nil : text
    }

    func flag(_ key: String) -> Bool? {
        guard let member = member(key) else { return nil }
        guard case .bool(let flag) = member.kind else { return mismatch(key, member, expected: "true or false") }
        return flag
    }

    func integer(_ key: String) -> Int? {
        guard let member = member(key) else { return nil }
        guard case .number(let text) = member.kind, let number = Int(text) else {
            return mismatch(key, member, expected: "an integer")
        }
        return number
    }

    /// A number, string or Boolean as the text the XML data contract writes for it (`MinValue`, `DefaultValue`).
    func scalarText(_ key: String) -> String? {
        guard let member = member(key) else { return nil }
        switch member.kind {
        case .string(let text): return text.isEmpty ? nil : text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return mismatch(key, member, expected: "a number, string or Boolean")
        }
    }

    /// A managed or wrapped value, `{"Value": "None", "CanBeChanged": true, …}`, or the value itself.
    func wrappedValue(_ key: String) -> String? {
        guard let member = member(key) else { return nil }
        if member.isObject { return WebAPIObject(value: member, context: context).scalarText("Value") }
        return scalarText(key)
    }

    /// An object member.
    func object(_ key: String) -> WebAPIObject? {
        guard let member = member(key) else { return nil }
        guard member.isObject else { return mismatch(key, member, expected: "an object") }
        return WebAPIObject(value: member, context: context)
    }

    /// The objects of an array member; anything else in it is a warning.
    func objects(_ key: String) -> [WebAPIObject] {
        elements(key, expected: "an object") { $0.isObject ? WebAPIObject(value: $0, context: context) : nil }
    }

    /// The strings of an array member, such as a lookup's `Targets`.
    func strings(_ key: String) -> [String] {
        elements(key, expected: "a string") { element in
            if case .string(let text) = element.kind { return text }
            return nil
        }
    }

    /// A label: `{"LocalizedLabels": [{"Label": …, "LanguageCode": 1033}], "UserLocalizedLabel": {…}}`.
    func label(_ key: String) -> Label {
        guard let label = object(key) else { return Label() }
        return Label(
            localized: label.objects("LocalizedLabels").compactMap(\.localizedLabel),
            userLocalized: label.object("UserLocalizedLabel")?.localizedLabel
        )
    }

    private var localizedLabel: Label.Localized? {
        guard let member = member("Label") else { return nil }
        guard case .string(let text) = member.kind else { return mismatch("Label", member, expected: "a string") }
        guard let code = integer("LanguageCode") else { return nil }
        return Label.Localized(languageCode: code, text: text)
    }

    private func elements<T>(_ key: String, expected: String, _ transform: (JSONValue) -> T?) -> [T] {
        guard let member = member(key) else { return [] }
        guard case .array(let elements) = member.kind else { return mismatch(key, member, expected: "an array") ?? [] }
        return elements.compactMap { element in
            if let value = transform(element) { return value }
            context.warning(
                "an element of '\(key)' is \(element.kindDescription), expected \(expected); ignored",
                at: element.location
            )
            return nil
        }
    }

    /// Reports a member of the wrong JSON type; returns nil.
    private func mismatch<T>(_ key: String, _ member: JSONValue, expected: String) -> T? {
        context.warning("'\(key)' is \(member.kindDescription), expected \(expected); ignored", at: member.location)
        return nil
    }
}
