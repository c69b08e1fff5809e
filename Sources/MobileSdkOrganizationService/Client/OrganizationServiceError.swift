import Foundation
import MobileSdk

/// Why a message could not be sent or its answer read: a value it cannot carry, or an answer that is not the
/// organization service's SOAP. Error statuses without a SOAP fault are the client's `ODataServiceError`s, and an
/// unreachable host its `ODataClientError.unreachable(reason:request:)`.
public enum OrganizationServiceError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// A value has no form in the organization service's data contracts (a spatial value, a time of day…).
    case unsupportedValue(String)
    /// The response is not the SOAP the organization service answers with.
    case invalidResponse(String)
    /// The response lacks a result the message reads, or has it of another type.
    case missingResult(String)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .unsupportedValue(let what): "cannot send \(what) over the organization service"
        case .invalidResponse(let why): "the organization service's response cannot be read: \(why)"
        case .missingResult(let name): "the organization service's response has no result '\(name)' of the type read"
        }
    }

    /// The same, as a sentence for an alert.
    public var errorDescription: String? { ErrorSentence.make(description) }
}
