import SwiftEmitter

/// The names of MobileSdkOrganizationService and MobileSdk that its generated typed messages use, beside the types of
/// `OrganizationMessageType`: the counterpart of `RuntimeContract` for messages generated into that library. The
/// library compiles the generated files, so a name that drifts breaks its build.
enum OrganizationMessagesContract {
    /// The modules every message's file imports; the messages call none of the runtime's hooks for generated code.
    static let imports: [ImportDeclaration] = ["Foundation", "MobileSdk"]
    /// The protocol each message conforms to.
    static let message = "OrganizationMessage"
    /// The request a message sends, and its initializer's labels.
    static let request = "OrganizationRequest"
    static let nameLabel = "name"
    static let parametersLabel = "parameters"
    /// The internal initializer that leaves out the parameters whose value is nil.
    static let omittingNilLabel = "omittingNil"
    /// `OrganizationMessage`'s requirements: the request property and the static function reading the response.
    static let requestProperty = "request"
    static let responseFunction = "response"
    static let responseParameter = "response"
    static let responseType = "Response"
    /// What `responseFunction` reads.
    static let organizationResponse = "OrganizationResponse"
}
