/// Singular and plural forms of the last word of a camel-cased name, by the regular rules of English and its common
/// irregular nouns, for navigation properties: a single related entity has a singular name, a collection a plural one.
enum GrammaticalNumber {
    /// `contactCustomerAccounts` → `contactCustomerAccount`; names whose last word reads as singular stay.
    static func singular(_ name: String) -> String {
        let (head, word) = splitLastWord(name)
        let lower = word.lowercased()
        if let singular = irregular.first(where: { $0.plural == lower })?.singular {
            return head + recase(singular, like: word)
        }
        guard isPlural(lower) else { return name }
        for (suffix, replacement) in [
            ("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("zzes", "zz"),
        ] where lower.hasSuffix(suffix) && lower.count > suffix.count + 1 {
            return head + word.dropLast(suffix.count) + replacement
        }
        return head + word.dropLast()
    }

    /// `account` → `accounts`, `activity` → `activities`; names whose last word reads as plural stay.
    static func plural(_ name: String) -> String {
        let (head, word) = splitLastWord(name)
        let lower = word.lowercased()
        if let plural = irregular.first(where: { $0.singular == lower })?.plural {
            return head + recase(plural, like: word)
        }
        guard !isPlural(lower), !uncountable.contains(lower), let last = lower.last, last.isLetter else { return name }
        if lower.hasSuffix("y"), let beforeY = lower.dropLast().last, !"aeiou".contains(beforeY) {
            return head + word.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return head + word + "es" }
        return head + word + "s"
    }

    /// Whether a lowercase word reads as a plural: it ends in `s` but not in a singular ending such as `ss`, `us` or
    /// `is` (`address`, `status`, `analysis`), or it is a known irregular plural.
    static func isPlural(_ word: String) -> Bool {
        if irregular.contains(where: { $0.plural == word }) { return true }
        if uncountable.contains(word) || irregular.contains(where: { $0.singular == word }) { return false }
        return word.count > 2 && word.hasSuffix("s") && !["ss", "us", "is", "os", "as"].contains(where: word.hasSuffix)
    }

    private static let irregular: [(singular: String, plural: String)] = [
        ("person", "people"), ("child", "children"), ("man", "men"), ("woman", "women"), ("index", "indices"),
        ("criterion", "criteria"), ("datum", "data"), ("medium", "media"), ("alias", "aliases"), ("status", "statuses"),
        ("address", "addresses"), ("process", "processes"), ("bus", "buses"), ("leaf", "leaves"), ("life", "lives"),
    ]

    private static let uncountable: Set<String> = [
        "data", "information", "equipment", "news", "series", "species", "metadata",
    ]

    /// The name before its last word, and the last word: the last run starting with an uppercase letter or digit.
    private static func splitLastWord(_ name: String) -> (String, String) {
        guard let start = name.lastIndex(where: { $0.isUppercase }), start != name.startIndex else { return ("", name) }
        return (String(name[..<start]), String(name[start...]))
    }

    /// `replacement` with the first letter's case of `word`.
    private static func recase(_ replacement: String, like word: String) -> String {
        guard word.first?.isUppercase == true, let first = replacement.first else { return replacement }
        return first.uppercased() + replacement.dropFirst()
    }
}
