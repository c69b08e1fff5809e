import ActivityTrackerModel
import MobileSdk

extension Contact {
    /// The name to show: the full name the service computes, else first and last name, else the e-mail address.
    public var displayName: String {
        if let fullname, !fullname.isEmpty { return fullname }
        let name = [firstname, lastname].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        if !name.isEmpty { return name }
        return emailaddress1 ?? "Unnamed contact"
    }
}

extension Query where Root == Contact {
    /// Selects what the app shows of a contact.
    func selectingShownColumns() -> Query {
        select(\.contactid, \.fullname, \.firstname, \.lastname, \.emailaddress1, \.telephone1)
    }
}
