import Foundation

/// The value of a Dynamics money attribute, in the record's transaction currency.
public struct Money: Hashable, Sendable {
    public var value: Decimal

    public init(_ value: Decimal) { self.value = value }
}

extension Money: CustomStringConvertible {
    /// `Money(12.5)`.
    public var description: String { "Money(\(value))" }
}

extension Money: AttributeValueConvertible {
    /// Reads `.money`.
    public init?(attributeValue: AttributeValue) {
        guard case .money(let value) = attributeValue else { return nil }
        self = value
    }

    public var attributeValue: AttributeValue { .money(self) }
}

extension Money: Comparable { public static func < (lhs: Money, rhs: Money) -> Bool { lhs.value < rhs.value } }
