/// One table that the metadata reader's JSON parser and the runtime's JSON reader are both tested against, so that
/// the two agree.
public enum JSONStringCases {
    /// JSON string literals and what they read as; nil where the literal is not a valid string.
    public static let table: [(json: String, text: String?)] = [
        (#""plain""#, "plain"), (#""""#, ""), (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""caf\u00e9 \u00C9""#, "café É"), (#""héllo 😀""#, "héllo 😀"), (#""\uD83D\uDE00!""#, "😀!"),
        (#""\ud83d\ude00""#, "😀"),
        // A surrogate not part of a pair is U+FFFD; what follows it is read on its own, a pair included.
        (#""\uD800x""#, "\u{FFFD}x"), (#""\uDC00""#, "\u{FFFD}"), (#""\uD800""#, "\u{FFFD}"),
        (#""\uD800\u0041""#, "\u{FFFD}A"), (#""\uDBFF\uDBFF\uDFFF""#, "\u{FFFD}\u{10FFFF}"),
        (#""\uD800\uD83D\uDE00""#, "\u{FFFD}😀"), (#""\uDE00\uD83D""#, "\u{FFFD}\u{FFFD}"), (#""\x""#, nil),
        (#""\u12""#, nil), (#""\u12G4""#, nil), (#""\uD800\u12""#, nil), (#""\uD800\u12G4""#, nil), (#""\u""#, nil),
        (#""\"#, nil), (#""abc"#, nil), ("\"a\u{01}b\"", nil), ("\"\\n\u{1F}\"", nil),
    ]
}
