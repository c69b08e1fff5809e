import Foundation

/// Why an entity could not be converted to a generated class.
public enum EntityConversionError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The class stands for the entity `expected`, but the entity is an `actual`.
    case logicalNameMismatch(expected: String, actual: String)

    /// A sentence naming both logical names: `cannot convert a 'contact' entity to a class for 'account'`.
    public var description: String {
        switch self {
        case .logicalNameMismatch(let expected, let actual):
            "cannot convert a '\(actual)' entity to a class for '\(expected)'"
        }
    }

    /// For an alert: `The record is a 'contact', not the 'account' expected.`
    public var errorDescription: String? {
        switch self {
        case .logicalNameMismatch(let expected, let actual):
            "The record is a '\(actual)', not the '\(expected)' expected."
        }
    }
}
