import Foundation

/// The languages a generated table of labels is written in (BCP 47 tags, such as `"de-DE"`), the first being the
/// metadata's base language, and which of them to show for a locale: the locale's language in its script (Chinese
/// written in traditional or simplified characters), in its region when the table has several, else the base
/// language. The choice for each locale is remembered.
public final class LabelLanguages: @unchecked Sendable {
    /// The tags, base language first.
    public let tags: [String]
    private let languages: [Locale.Language]
    private let lock = NSLock()
    private var chosen: [String: Int] = [:]

    /// Languages by their tags, base language first.
    public init(_ tags: [String]) {
        self.tags = tags
        languages = tags.map(Locale.Language.init(identifier:))
    }

    /// The position in ``tags`` of the language to show in `locale`: 0, the base language, when the table has none
    /// in the locale's language.
    public func index(for locale: Locale) -> Int {
        let key = locale.identifier
        lock.lock()
        if let index = chosen[key] {
            lock.unlock()
            return index
        }
        lock.unlock()
        let index = match(locale.language)
        lock.lock()
        chosen[key] = index
        lock.unlock()
        return index
    }

    private func match(_ wanted: Locale.Language) -> Int {
        guard let code = wanted.languageCode else { return 0 }
        let sameLanguage = languages.indices.filter { languages[$0].languageCode == code }
        guard let first = sameLanguage.first else { return 0 }
        let sameScript = sameLanguage.filter { languages[$0].script == wanted.script }
        let pool = sameScript.isEmpty ? sameLanguage : sameScript
        return pool.first { languages[$0].region == wanted.region } ?? pool.first ?? first
    }
}
