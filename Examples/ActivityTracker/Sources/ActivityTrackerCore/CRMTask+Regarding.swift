import ActivityTrackerModel
import MobileSdk

extension CRMTask {
    /// The navigation property through which a task is about a contact.
    static let regardingContactName = "regardingobjectid_contact_task"

    /// Makes the task about `contact`; a create sends it as `regardingobjectid_contact_task@odata.bind:
    /// "/contacts(<id>)"`.
    ///
    /// Classes generated from `$metadata` alone offer the lookup's navigation property, `regardingobjectidContactTask`
    /// (a contact assigned there is sent as a new one, a deep insert), and `_regardingobjectid_value` (which Dataverse
    /// does not take in a request body). A reference stored under the navigation property's name is sent as a bind.
    func setRegarding(_ contact: EntityReference) {
        self[Self.regardingContactName] = .entityReference(contact)
    }
}
