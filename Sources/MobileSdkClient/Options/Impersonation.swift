import Foundation

extension ODataClient {
    /// The user a Dataverse request runs as, on behalf of the signed-in one (who needs the privilege
    /// `prvActOnBehalfOfAnotherUser`): sent as a header on each request the client builds.
    public enum Impersonation: Sendable, Hashable {
        /// The user's Microsoft Entra ID object id (`CallerObjectId`), the preferred way.
        case entraObjectID(UUID)
        /// The user's `systemuserid` (`MSCRMCallerID`), the legacy way older servers know.
        case systemUser(UUID)

        /// The old spelling of ``entraObjectID(_:)``.
        @available(*, deprecated, renamed: "entraObjectID") public static func entraObjectId(_ id: UUID)
            -> Impersonation
        { .entraObjectID(id) }

        /// The header that carries it.
        public var headerName: String {
            switch self {
            case .entraObjectID: "CallerObjectId"
            case .systemUser: "MSCRMCallerID"
            }
        }

        /// The id, lowercased as Dataverse writes GUIDs.
        public var headerValue: String {
            switch self {
            case .entraObjectID(let id), .systemUser(let id): id.uuidString.lowercased()
            }
        }
    }
}
