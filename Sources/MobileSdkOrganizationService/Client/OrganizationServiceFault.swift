import Foundation

/// The organization service's refusal of a message (`OrganizationServiceFault`): its error code, message, details,
/// trace and the fault that caused it. Service-protection limits are faults too, with the wait they ask for.
public struct OrganizationServiceFault: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible {
    /// The error code, such as `-2147220969` (`0x80040217`, a record that does not exist).
    public var errorCode: Int32
    /// The service's message, for the user.
    public var message: String
    /// `ErrorDetails`: extra facts by name, as text (`Retry-After` for a service-protection limit).
    public var errorDetails: [String: String]
    /// The server's trace, for a support ticket; never shown to users.
    public var traceText: String?
    /// When the service refused the message.
    public var timestamp: Date?
    /// The faults that caused this one, outermost first.
    public var innerFaults: [OrganizationServiceFault]
    /// The SOAP fault's code: SOAP 1.1's `faultcode` (`s:Client`) or SOAP 1.2's `Code/Value` (`s:Sender`).
    public var faultCode: String?

    /// Creates a fault from its parts.
    public init(
        errorCode: Int32,
        message: String,
        errorDetails: [String: String] = [:],
        traceText: String? = nil,
        timestamp: Date? = nil,
        innerFaults: [OrganizationServiceFault] = [],
        faultCode: String? = nil
    ) {
        self.errorCode = errorCode
        self.message = message
        self.errorDetails = errorDetails
        self.traceText = traceText
        self.timestamp = timestamp
        self.innerFaults = innerFaults
        self.faultCode = faultCode
    }

    /// The error code as Dataverse documents it: `0x80040217`.
    public var hexadecimalCode: String {
        let digits = String(UInt32(bitPattern: errorCode), radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// The codes of the service-protection limits: requests, execution time and concurrent requests per user.
    public static let serviceProtectionCodes: Set<Int32> = [-2_147_015_902, -2_147_015_903, -2_147_015_898]

    /// Whether this is a service-protection limit: the message may be sent again after ``retryAfter``.
    public var isServiceProtectionLimit: Bool { Self.serviceProtectionCodes.contains(errorCode) }

    /// How long the service asks to wait before sending again (`Retry-After`, a .NET `TimeSpan` such as
    /// `00:00:05`); nil when it does not say.
    public var retryAfter: TimeInterval? {
        guard let text = errorDetails["Retry-After"] else { return nil }
        return Self.timeSpan(text)
    }

    /// The service's message, for an alert; without one, a sentence with the code Dataverse documents.
    public var errorDescription: String? {
        message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            ? "The organization service refused the request (error \(hexadecimalCode))." : message
    }

    /// The code in hexadecimal and the message.
    public var description: String { "\(hexadecimalCode): \(message)" }

    /// `[d.]hh:mm:ss[.fffffff]` in seconds.
    static func timeSpan(_ text: String) -> TimeInterval? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var days = 0.0
        if let dot = rest.firstIndex(of: "."), let colon = rest.firstIndex(of: ":"), dot < colon {
            guard let value = Double(rest[..<dot]) else { return nil }
            days = value
            rest = rest[rest.index(after: dot)...]
        }
        let parts = rest.split(separator: ":")
        guard parts.count == 3, let hours = Double(parts[0]), let minutes = Double(parts[1]),
            let seconds = Double(parts[2])
        else { return nil }
        return ((days * 24 + hours) * 60 + minutes) * 60 + seconds
    }
}
