/// A Dynamics label: the same text in several languages (LCIDs such as 1033 for English).
public struct Label: Hashable, Sendable, Codable {
    /// The label's text in one language (a `LocalizedLabel`).
    public struct Localized: Hashable, Sendable, Codable {
        /// `LanguageCode`: the language's LCID, such as 1033 for English.
        public var languageCode: Int
        /// `Label`: the text in that language.
        public var text: String

        /// Creates the text of a label in the language with this LCID.
        public init(languageCode: Int, text: String) {
            self.languageCode = languageCode
            self.text = text
        }
    }

    /// Every language, in document order.
    public var localized: [Localized]
    /// The label in the language of the user who retrieved the metadata.
    public var userLocalized: Localized?

    /// Creates a label from its texts in every language and the user's; empty by default.
    public init(localized: [Localized] = [], userLocalized: Localized? = nil) {
        self.localized = localized
        self.userLocalized = userLocalized
    }

    /// Whether the label has no text at all: no languages and no user-localized text.
    public var isEmpty: Bool { localized.isEmpty && userLocalized == nil }

    /// The text in this language, if the label has it.
    public func text(languageCode: Int) -> String? { localized.first { $0.languageCode == languageCode }?.text }

    /// The user-localized text, else English (1033), else the first language.
    public var text: String? { userLocalized?.text ?? text(languageCode: 1033) ?? localized.first?.text }
}
