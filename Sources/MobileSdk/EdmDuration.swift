import Foundation

/// A signed length of time: `Edm.Duration`, written as an `xs:dayTimeDuration` such as `P1DT2H3M4.5S`.
public struct EdmDuration: Hashable, Sendable {
    /// The length in seconds; negative for a negative duration.
    public var seconds: Decimal

    /// Creates a duration of `seconds` seconds; a negative number gives a negative duration.
    public init(seconds: Decimal) { self.seconds = seconds }

    /// Parses an `xs:dayTimeDuration` (`-`? `P` days `D`? (`T` hours `H`? minutes `M`? seconds `S`?)?), such as
    /// `P1DT2H3M4.5S` or `-PT5M`; only seconds may have a fraction. Nil without any field or with anything else, and
    /// for a field of more than 20 digits or a fraction of more than 12 (the most `Edm.Duration` allows), which
    /// `Decimal` could not hold exactly.
    public init?(_ iso8601: String) {
        var rest = Substring(iso8601)
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        guard rest.first == "P" else { return nil }
        let parts = rest.dropFirst().split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let date = Self.sum(parts[0], units: [("D", 86_400)]) else { return nil }
        var total = date.seconds
        if parts.count == 2 {
            guard let time = Self.sum(parts[1], units: [("H", 3_600), ("M", 60), ("S", 1)]), time.fields > 0 else {
                return nil
            }
            total += time.seconds
        } else if date.fields == 0 {
            return nil
        }
        self.init(seconds: negative ? -total : total)
    }

    /// The seconds in `text`, a sequence of number-designator fields in the order of `units`.
    private static func sum(_ text: Substring, units: [(designator: Character, seconds: Decimal)]) -> (
        seconds: Decimal, fields: Int
    )? {
        var total = Decimal(0)
        var fields = 0
        var nextUnit = 0
        var rest = text
        while !rest.isEmpty {
            guard let end = rest.firstIndex(where: { !$0.isASCII || !($0.isNumber || $0 == ".") }),
                let unit = units[nextUnit...].firstIndex(where: { $0.designator == rest[end] }),
                let value = number(rest[..<end], fractionAllowed: rest[end] == "S")
            else { return nil }
            total += value * units[unit].seconds
            fields += 1
            nextUnit = unit + 1
            rest = rest[rest.index(after: end)...]
        }
        return (total, fields)
    }

    /// Digits, with `.` and more digits when `fractionAllowed`.
    private static func number(_ text: Substring, fractionAllowed: Bool) -> Decimal? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(".") }), parts.count == 1 || fractionAllowed,
            parts[0].drop(while: { $0 == "0" }).count <= 20, parts.count == 1 || parts[1].count <= 12
        else { return nil }
        return Decimal(string: String(text))
    }
}

extension EdmDuration: CustomStringConvertible {
    /// The canonical `xs:dayTimeDuration`: hours below 24, minutes and seconds below 60, zero fields
    /// left out, `PT0S` for zero.
    public var description: String {
        var remaining = seconds.magnitude
        let days = Self.take(86_400, from: &remaining)
        let hours = Self.take(3_600, from: &remaining)
        let minutes = Self.take(60, from: &remaining)
        var text = seconds < 0 ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        if hours > 0 || minutes > 0 || remaining > 0 || days == 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if remaining > 0 || (days == 0 && hours == 0 && minutes == 0) { text += "\(remaining)S" }
        }
        return text
    }

    /// Removes the whole multiples of `unit` from the non-negative `value` and returns their count.
    private static func take(_ unit: Decimal, from value: inout Decimal) -> Decimal {
        var quotient = value / unit
        var count = Decimal()
        NSDecimalRound(&count, &quotient, 0, .down)
        // Division rounds to 38 digits and may land on the next integer; step back if it did.
        if count * unit > value { count -= 1 }
        value -= count * unit
        return count
    }
}

extension EdmDuration: AttributeValueConvertible {
    /// Reads `.duration`.
    public init?(attributeValue: AttributeValue) {
        guard case .duration(let value) = attributeValue else { return nil }
        self = value
    }

    /// The value as `.duration` (`Edm.Duration`).
    public var attributeValue: AttributeValue { .duration(self) }
}
