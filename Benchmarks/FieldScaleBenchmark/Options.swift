import Foundation

/// The benchmark's command line.
struct Options {
    var records = 1_000_000
    /// Dataverse's page size for a whole read and a delta.
    var pageSize = 5_000

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            guard let value = rest.popFirst().flatMap({ Int($0) }), value > 0 else {
                Self.fail("\(argument) takes a positive number")
            }
            switch argument {
            case "--records": records = value
            case "--page-size": pageSize = value
            default: Self.fail("unknown argument '\(argument)'")
            }
        }
    }

    /// Ends the benchmark with `message`.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(
            Data("FieldScaleBenchmark: \(message)\nusage: FieldScaleBenchmark [--records N] [--page-size N]\n".utf8)
        )
        exit(2)
    }
}
