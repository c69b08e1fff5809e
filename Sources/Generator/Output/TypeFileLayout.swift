/// The files of the command line and the command plugin: a file per type, named after it. A model with more types than
/// `maximumTypeFiles` gets a file per initial instead (`Types-A.swift`, or `Types-AC.swift` where an initial holds
/// more than `maximumGroupSize` types, and so on), because the compiler parses every file of a target for each batch
/// of 25 it compiles: Microsoft Graph v1.0's 3,405 types built 3.7 times slower as 3,406 files than as 65
/// (BENCHMARKS.md).
enum TypeFileLayout {
    /// The most types that get a file each.
    static let maximumTypeFiles = 250
    /// The most types a file of an initial holds before the initial is split by the next letter.
    static let maximumGroupSize = 200

    /// The file of each type of `names`, in their order. Initials are compared uppercased, so that no two files differ
    /// only in case.
    static func fileNames(for names: [String]) -> [String] {
        guard names.count > maximumTypeFiles else { return names.map { $0 + ".swift" } }
        var prefixes = Array(repeating: "", count: names.count)
        split(Array(names.indices), names: names, length: 1, into: &prefixes)
        return prefixes.map { "Types-\($0).swift" }
    }

    /// Groups `members` by their first `length` characters, splitting a group that is too large by one more.
    private static func split(_ members: [Int], names: [String], length: Int, into prefixes: inout [String]) {
        var groups: [String: [Int]] = [:]
        for index in members { groups[String(names[index].prefix(length)).uppercased(), default: []].append(index) }
        for (prefix, group) in groups {
            let longer = group.filter { names[$0].count > length }
            if group.count > maximumGroupSize, !longer.isEmpty {
                for index in group where names[index].count <= length { prefixes[index] = prefix }
                split(longer, names: names, length: length + 1, into: &prefixes)
            } else {
                for index in group { prefixes[index] = prefix }
            }
        }
    }
}
