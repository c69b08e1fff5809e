import SwiftEmitter

/// Turns metadata names into valid Swift identifiers.
enum IdentifierNaming {
    /// Decodes XML name escapes such as `_x005f_` (an underscore) and `_x0020_` (a space).
    static func decodingXMLEscapes(_ name: String) -> String {
        guard name.utf8.count >= 7, name.utf8.contains(UInt8(ascii: "x")) else { return name }
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if index + 6 < scalars.count, scalars[index] == "_", scalars[index + 1] == "x", scalars[index + 6] == "_",
                let value = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                result.append(scalar)
                index += 7
            } else {
                result.append(scalars[index])
                index += 1
            }
        }
        return String(result)
    }

    /// The words of a name: split at characters that cannot be in an identifier and at underscores.
    static func words(_ name: String) -> [String] {
        if name.utf8.allSatisfy(isASCIILetterOrDigit) { return [name] }
        var words: [String] = []
        var current = ""
        for scalar in decodingXMLEscapes(name).unicodeScalars {
            if scalar == "_" || !SwiftIdentifier.isCharacter(scalar) {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `UpperCamelCase`: each word's first letter capitalised, the rest kept.
    static func upperCamelCase(_ name: String) -> String { valid(words(name).map(capitalizingFirst).joined()) }

    /// `lowerCamelCase`: like upperCamelCase, with the leading capitals of the first word lowered
    /// (`URLValue` → `urlValue`, `ID` → `id`).
    static func lowerCamelCase(_ name: String) -> String { asciiLowerCamelCase(name) ?? generalLowerCamelCase(name) }

    /// `lowerCamelCase` of a name that is ASCII once its XML escapes are decoded, by bytes: what the general path gives,
    /// without a Unicode property test per character (a call for every property of an organization).
    static func asciiLowerCamelCase(_ name: String) -> String? {
        let decoded = decodingXMLEscapes(name)
        guard decoded.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        var result: [UInt8] = []
        // Words are the runs of letters and digits: any other ASCII character cannot be in an identifier, or is `_`.
        for (index, word) in decoded.utf8.split(whereSeparator: { !isASCIILetterOrDigit($0) }).enumerated() {
            let start = result.count
            result += word
            if index > 0, word.count > 1, !word.contains(where: isLower), word.contains(where: isUpper) {
                for position in (start + 1)..<result.count where isUpper(result[position]) { result[position] += 0x20 }
            }
            if isLower(result[start]) { result[start] -= 0x20 }
        }
        guard let first = result.first, !(0x30...0x39).contains(first) else {
            return "_" + String(decoding: result, as: UTF8.self)
        }
        var leading = 0
        while leading < result.count, isUpper(result[leading]) { leading += 1 }
        let lowered = leading > 1 && leading < result.count && isLower(result[leading]) ? leading - 1 : leading
        for position in 0..<lowered { result[position] += 0x20 }
        return String(decoding: result, as: UTF8.self)
    }

    /// `lowerCamelCase` of any name, a character at a time.
    static func generalLowerCamelCase(_ name: String) -> String {
        // All-capital words after the first read as words: `DARK_GREEN` → `darkGreen`.
        let parts = words(name).enumerated()
            .map { index, word in
                index > 0 && word.count > 1 && word.allSatisfy({ !$0.isLowercase })
                    && word.contains(where: \.isUppercase) ? word.prefix(1) + word.dropFirst().lowercased() : word
            }
        let upper = valid(parts.map(capitalizingFirst).joined())
        let scalars = Array(upper.unicodeScalars)
        var leading = 0
        while leading < scalars.count, isUppercase(scalars[leading]) { leading += 1 }
        if leading == 0 { return upper }
        // Keep the last capital of a run when a lowercase letter follows: it starts the next word.
        let lowered = leading > 1 && leading < scalars.count && isLowercase(scalars[leading]) ? leading - 1 : leading
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            if index < lowered { result += String(scalar).lowercased() } else { result.unicodeScalars.append(scalar) }
        }
        return valid(result)
    }

    /// The name with invalid characters replaced by underscores and a valid first character.
    static func sanitized(_ name: String) -> String {
        var result = ""
        for scalar in decodingXMLEscapes(name).unicodeScalars {
            if SwiftIdentifier.isCharacter(scalar) { result.unicodeScalars.append(scalar) } else { result += "_" }
        }
        return valid(result)
    }

    /// Prefixes an underscore when the name is empty or starts with a digit or combining mark.
    static func valid(_ name: String) -> String {
        guard let first = name.unicodeScalars.first else { return "_" }
        return SwiftIdentifier.isHead(first) ? name : "_" + name
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isUppercase }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isLowercase }
}
