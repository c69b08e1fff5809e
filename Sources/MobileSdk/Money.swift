import Foundation

/// The value of a Dynamics money attribute, in the record's transaction currency.
public struct Money: Hashable, Sendable {
    /// The amount in the record's transaction currency, which is another attribute (`transactioncurrencyid`).
    public var value: Decimal

    /// Creates a money value of `value`, in the record's transaction currency.
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

    /// The value as `.money`.
    public var attributeValue: AttributeValue { .money(self) }
}

extension Money: Comparable {
    /// Whether `lhs` is the smaller amount.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.value < rhs.value }
}
