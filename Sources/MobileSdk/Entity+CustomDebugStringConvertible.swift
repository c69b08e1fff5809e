extension Entity: CustomDebugStringConvertible {
    /// `logicalname(id: …) {name: value, …}` with attributes sorted by name; the id part only when there is an id.
    public var debugDescription: String {
        let id = recordId.map { "(id: \($0.uuidString.lowercased()))" } ?? ""
        let attributes = attributes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        return "\(logicalName)\(id) {\(attributes.joined(separator: ", "))}"
    }
}
