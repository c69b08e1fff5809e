import MetadataModel

/// Labels in several languages, as generated tables write them: the base language's texts (what doc comments and
/// single-language tables show) and, for each other language, the texts that differ from them.
struct LabelColumns {
    /// The base language's tag, then the others', sorted by LCID.
    var tags: [String]
    /// Per label, its texts in the order of `tags` (nil where a label has none in a language, or the base text).
    var texts: [[String?]]

    /// Whether there is more than one language.
    var isMultilingual: Bool { tags.count > 1 }
}

extension GenerationContext {
    /// The languages of `labels` and their texts. The base language is the one the metadata was read in (a label's
    /// user-localized language), else English, else the first; languages without a known tag are left out, with a
    /// warning at `location` the first time each is met. Nil when no label has a language with a known tag.
    func labelColumns(_ labels: [Label], at location: SourceLocation) -> LabelColumns? {
        let all = labels.flatMap {
            $0.localized.map(\.languageCode) + ($0.userLocalized.map { [$0.languageCode] } ?? [])
        }
        guard !all.isEmpty else { return nil }
        for lcid in Set(all).sorted()
        where LanguageTags.tag(lcid: lcid) == nil && reportedLanguages.insert(lcid).inserted {
            warning(
                "labels in the language with LCID \(lcid) are not generated: it is not a language Dataverse offers",
                at: location
            )
        }
        let userLanguage = labels.lazy.compactMap(\.userLocalized?.languageCode).first
        guard
            let base = [userLanguage, all.contains(1033) ? 1033 : nil, all.first].lazy.compactMap({ $0 })
                .first(where: { LanguageTags.tag(lcid: $0) != nil }), let baseTag = LanguageTags.tag(lcid: base)
        else { return nil }
        let others = Set(all).subtracting([base]).sorted().filter { LanguageTags.tag(lcid: $0) != nil }
        let texts = labels.map { label -> [String?] in
            let baseText = label.text
            return [baseText]
                + others.map { lcid in label.text(languageCode: lcid).flatMap { $0 == baseText ? nil : $0 } }
        }
        return LabelColumns(tags: [baseTag] + others.compactMap(LanguageTags.tag(lcid:)), texts: texts)
    }
}
