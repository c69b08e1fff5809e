import Foundation
import TestSupport
import Testing

/// A value of the wrong type for a property in a query does not compile: snippets are type-checked with `swiftc`
/// against the built modules. A correct snippet must compile, so that a broken harness cannot pass the test.
struct QueryTypeSafetyTests {
    /// The diagnostics of type-checking `body` after the imports; nil when it compiles.
    private func typeCheck(_ body: String) throws -> String? {
        let modules = try #require(BuiltProducts.modules(holding: "TripPinModel"), "the built modules were not found")
        return try SwiftTypeCheck.run(
            [("query.swift", "import MobileSdk\nimport TripPinModel\n\(body)\n")],
            modules: modules
        )
    }

    @Test func aCorrectQueryCompiles() throws {
        #expect(
            try typeCheck(#"_ = Query<Person>().filter { $0.age > 30 && $0.firstName == "A" && $0.gender == .male }"#)
                == nil
        )
    }

    @Test(arguments: [
        #"_ = Query<Person>().filter { $0.age > "thirty" }"#, #"_ = Query<Person>().filter { $0.firstName == 5 }"#,
        #"_ = Query<Person>().filter { $0.gender == "Male" }"#,
        #"_ = Query<Person>().filter { $0.emails.any { $0 > 3 } }"#,
        #"_ = Query<Person>().filter { $0.firstName.contains(3) }"#, #"_ = Query<Person>().orderBy(\Airport.name)"#,
    ]) func aValueOfTheWrongTypeDoesNotCompile(_ snippet: String) throws {
        let diagnostics = try typeCheck(snippet)
        #expect(diagnostics?.contains("error:") == true, "compiled: \(snippet)")
    }
}
