import ActivityTrackerModel
import MobileSdk

extension Contact {
    /// The name to show: the full name the service computes, else first and last name, else the e-mail address.
    public var displayName: String {
        if let fullName, !fullName.isEmpty { return fullName }
        let name = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !name.isEmpty { return name }
        return email ?? "Unnamed contact"
    }
}

extension Query where Root == Contact {
    /// Selects what the app shows of a contact.
    func selectingShownColumns() -> Query {
        select(\.contactId, \.fullName, \.firstName, \.lastName, \.email, \.phone)
    }
}
