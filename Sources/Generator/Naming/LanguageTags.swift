/// BCP 47 language tags of the LCIDs Dataverse labels are written in (its language packs), so that generated tables
/// of labels name their languages as `Locale` does; a fixed table, so that output does not depend on the machine's
/// ICU data.
enum LanguageTags {
    /// The tag of an LCID, such as `de-DE` for 1031; nil for one Dataverse does not offer.
    static func tag(lcid: Int) -> String? { tags[lcid] }

    private static let tags: [Int: String] = [
        1025: "ar-SA", 1026: "bg-BG", 1027: "ca-ES", 1028: "zh-TW", 1029: "cs-CZ", 1030: "da-DK", 1031: "de-DE",
        1032: "el-GR", 1033: "en-US", 1035: "fi-FI", 1036: "fr-FR", 1037: "he-IL", 1038: "hu-HU", 1040: "it-IT",
        1041: "ja-JP", 1042: "ko-KR", 1043: "nl-NL", 1044: "nb-NO", 1045: "pl-PL", 1046: "pt-BR", 1048: "ro-RO",
        1049: "ru-RU", 1050: "hr-HR", 1051: "sk-SK", 1053: "sv-SE", 1054: "th-TH", 1055: "tr-TR", 1057: "id-ID",
        1058: "uk-UA", 1060: "sl-SI", 1061: "et-EE", 1062: "lv-LV", 1063: "lt-LT", 1066: "vi-VN", 1069: "eu-ES",
        1081: "hi-IN", 1086: "ms-MY", 1087: "kk-KZ", 1110: "gl-ES", 2052: "zh-CN", 2057: "en-GB", 2070: "pt-PT",
        2074: "sr-Latn-RS", 3076: "zh-HK", 3082: "es-ES", 3084: "fr-CA", 3098: "sr-Cyrl-RS",
    ]
}
