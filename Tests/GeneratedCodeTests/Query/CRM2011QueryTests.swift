import CRM2011Model
import Foundation
import MobileSdk
import Testing

/// Typed queries over the CRM 2011 classes in OData v2 spelling: prefixed literals, `substringof`, the `Value` and
/// `Id` members of CRM's complex values, `$inlinecount`.
struct CRM2011QueryTests {
    private let id = UUID(uuidString: "7A4814F9-B0B8-EA11-A812-000D3A122B89") ?? UUID()

    private func filter(_ predicate: (Fields<Account, Account>) -> FilterExpression<Account>) throws -> String {
        try #require(try Query<Account>().filter(predicate).odataQuery(.v2).filter)
    }

    @Test func verboseSpellings() throws {
        #expect(try filter { $0.accountId == id } == "AccountId eq guid'7a4814f9-b0b8-ea11-a812-000d3a122b89'")
        #expect(try filter { $0.name.contains("Con") } == "substringof('Con',Name)")
        #expect(
            try filter { $0.createdOn >= Date(timeIntervalSince1970: 1_700_000_000) }
                == "CreatedOn ge datetime'2023-11-14T22:13:20'"
        )
        #expect(try filter { $0.revenue > Money(150) } == "Revenue/Value gt 150M")
        #expect(try filter { $0.industryCode == OptionSetValue(3) } == "IndustryCode/Value eq 3")
        #expect(
            try filter { $0.ownerId == EntityReference(logicalName: "systemuser", id: id) }
                == "OwnerId/Id eq guid'7a4814f9-b0b8-ea11-a812-000d3a122b89'"
        )
    }

    @Test func countIsInlineCount() throws {
        let query = try Query<Account>().select(\.name).withCount().odataQuery(.v2)
        #expect(query.queryString(.v2) == "$select=Name&$inlinecount=allpages")
    }

    @Test func nestedExpandOptionsAreRefusedInV2() {
        #expect(throws: ODataEncodingError.self) {
            try Query<Account>().expand(\.contactCustomerAccounts) { $0.top(1) }.odataQuery(.v2)
        }
    }
}
