/// Hands out names unique within one scope: a name already taken (compared exactly, and
/// ignoring case so that names differing only in case stay apart) gets a numeric suffix.
struct UniqueNames {
    private var taken: Set<String>

    init(reserved: Set<String> = []) { taken = Set(reserved.map { $0.lowercased() }) }

    /// `name`, or `name` + `suffix`, or a numbered form if those are taken; returns whether it had to change.
    mutating func claim(_ name: String, suffix: String = "") -> (name: String, changed: Bool) {
        var candidate = name
        if taken.contains(candidate.lowercased()), !suffix.isEmpty { candidate = name + suffix }
        var counter = 2
        while taken.contains(candidate.lowercased()) {
            candidate = name + suffix + String(counter)
            counter += 1
        }
        taken.insert(candidate.lowercased())
        return (candidate, candidate != name)
    }

    func isTaken(_ name: String) -> Bool { taken.contains(name.lowercased()) }
}
