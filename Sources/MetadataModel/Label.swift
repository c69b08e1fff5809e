/// A Dynamics label: the same text in several languages (LCIDs such as 1033 for English).
public struct Label: Hashable, Sendable, Codable {
    public struct Localized: Hashable, Sendable, Codable {
        public var languageCode: Int
        public var text: String

        public init(languageCode: Int, text: String) {
            self.languageCode = languageCode
            self.text = text
        }
    }

    /// Every language, in document order.
    public var localized: [Localized]
    /// The label in the language of the user who retrieved the metadata.
    public var userLocalized: Localized?

    public init(localized: [Localized] = [], userLocalized: Localized? = nil) {
        self.localized = localized
        self.userLocalized = userLocalized
    }

    public var isEmpty: Bool { localized.isEmpty && userLocalized == nil }

    /// The text in this language, if the label has it.
    public func text(languageCode: Int) -> String? { localized.first { $0.languageCode == languageCode }?.text }

    /// The user-localized text, else English (1033), else the first language.
    public var text: String? { userLocalized?.text ?? text(languageCode: 1033) ?? localized.first?.text }
}
