import MetadataModel

/// Reading values of the Dynamics metadata data contract from captured elements.
extension XMLNode {
    /// The trimmed text of the child with this local name.
    func string(_ name: String) -> String? { child(name)?.value }

    /// The child's text as a Boolean.
    func flag(_ name: String) -> Bool? {
        switch string(name)?.lowercased() {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// The child's text as an integer.
    func integer(_ name: String) -> Int? { string(name).flatMap { Int($0) } }

    /// A managed or wrapped value: `<RequiredLevel><a:Value>None</a:Value></RequiredLevel>`.
    func wrappedValue(_ name: String) -> String? { child(name)?.string("Value") ?? string(name) }

    /// A `Label`: `LocalizedLabels` and `UserLocalizedLabel` children.
    func label(_ name: String) -> Label {
        guard let node = child(name), !node.isNil else { return Label() }
        var label = Label()
        label.localized = node.child("LocalizedLabels")?.children.compactMap(\.localizedLabel) ?? []
        label.userLocalized = node.child("UserLocalizedLabel")?.localizedLabel
        return label
    }

    private var localizedLabel: Label.Localized? {
        guard !isNil, let text = child("Label")?.text, let code = integer("LanguageCode") else { return nil }
        return Label.Localized(languageCode: code, text: text)
    }

    /// The `<b:string>` items of an array such as a lookup's `Targets`.
    func strings(_ name: String) -> [String] { child(name)?.children.compactMap(\.value) ?? [] }
}
