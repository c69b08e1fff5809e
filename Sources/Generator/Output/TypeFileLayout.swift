import SwiftEmitter

/// The files of the command line and the command plugin: a file per type, named after it. A model with more types than
/// `maximumTypeFiles` gets a file per initial instead (`Types-A.swift`, or `Types-AC.swift` where an initial holds
/// more than `maximumGroupSize` types or more than `maximumGroupWeight` members, and so on), because the compiler
/// parses every file of a target for each batch of 25 it compiles: Microsoft Graph v1.0's 3,405 types built 3.7 times
/// slower as 3,406 files than as 65 (BENCHMARKS.md). The weight keeps a file of large types readable: a Dataverse
/// organization's tables of 300 columns each made a file of 23,000 lines when only the types were counted.
enum TypeFileLayout {
    /// The most types that get a file each.
    static let maximumTypeFiles = 250
    /// The most types a file of an initial holds before the initial is split by the next letter.
    static let maximumGroupSize = 200
    /// The most members (`weight(of:)`) a file of an initial holds before the initial is split by the next letter: about
    /// 12,000 lines of properties.
    static let maximumGroupWeight = 1_500

    /// The file of each type of `names`, in their order. Initials are compared uppercased, so that no two files differ
    /// only in case.
    /// `weights`, when given, are the types' `weight(of:)`, in the order of `names`.
    static func fileNames(for names: [String], weights: [Int]? = nil) -> [String] {
        guard names.count > maximumTypeFiles else { return names.map { $0 + ".swift" } }
        var prefixes = Array(repeating: "", count: names.count)
        let weights = weights ?? Array(repeating: 1, count: names.count)
        split(Array(names.indices), names: names, weights: weights, length: 1, into: &prefixes)
        return prefixes.map { "Types-\($0).swift" }
    }

    /// A type's members, wherever its declarations hold them (a class and the extension laid out with it), and one
    /// for the type: what the size of a file is measured in.
    static func weight(of declarations: [Declaration]) -> Int { 1 + declarations.reduce(0) { $0 + members(of: $1) } }

    private static func members(of declaration: Declaration) -> Int {
        switch declaration {
        case .documented(_, let inner): return members(of: inner)
        case .class(let body): return body.members.count
        case .struct(let body), .enum(let body): return body.members.count
        case .extension(let body): return body.members.count
        default: return 0
        }
    }

    /// Groups `members` by their first `length` characters, splitting a group that is too large by one more.
    private static func split(
        _ members: [Int],
        names: [String],
        weights: [Int],
        length: Int,
        into prefixes: inout [String]
    ) {
        var groups: [String: [Int]] = [:]
        for index in members { groups[String(names[index].prefix(length)).uppercased(), default: []].append(index) }
        for (prefix, group) in groups {
            let longer = group.filter { names[$0].count > length }
            let tooLarge = group.count > maximumGroupSize || group.reduce(0) { $0 + weights[$1] } > maximumGroupWeight
            if tooLarge, !longer.isEmpty {
                for index in group where names[index].count <= length { prefixes[index] = prefix }
                split(longer, names: names, weights: weights, length: length + 1, into: &prefixes)
            } else {
                for index in group { prefixes[index] = prefix }
            }
        }
    }
}
