import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Dataverse sample server keeps a lookup's `_x_value` property as Dataverse does: a create that binds the
/// navigation property with `@odata.bind` sets it, reads and `$filter` see it, `odata.include-annotations` adds its
/// annotations, and `DELETE …/$ref` clears it. Plain HTTP only, so that the server's behaviour is what is tested.
@Suite(.enabled(if: DataverseSample.root != nil || TestServers.required, DataverseSample.skip))
struct DataverseLookupLiveTests {
    /// The status and JSON object of a request to `path` under the service root.
    private func http(_ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:])
        async throws -> (status: Int, body: [String: Any]?)
    {
        let root = try #require(DataverseSample.root)
        let url = try #require(URL(string: root.absoluteString + path))
        return try await PlainHTTP.send(
            method,
            url,
            json: json,
            headers: ["Accept": "application/json"].merging(headers) { $1 }
        )
    }

    /// The `contactid`s a `$filter` on the contacts' lookup finds.
    private func contacts(withParent account: String) async throws -> [String] {
        let found = try await http("GET", "contacts?$filter=_parentcustomerid_value%20eq%20\(account)")
        #expect(found.status == 200)
        return ((found.body?["value"] as? [[String: Any]]) ?? []).compactMap { $0["contactid"] as? String }
    }

    @Test func boundLookupSetsItsValuePropertyWithAnnotationsAndUnbindingClearsIt() async throws {
        let account = UUID().uuidString.lowercased()
        let contact = UUID().uuidString.lowercased()
        let name = "Lookup \(account.prefix(8))"
        #expect(try await http("POST", "accounts", json: ["accountid": account, "name": name]).status == 201)
        let created = try await http(
            "POST",
            "contacts",
            json: [
                "contactid": contact, "lastname": "Lookup",
                "parentcustomerid_account@odata.bind": "/accounts(\(account))",
            ]
        )
        #expect(created.status == 201)

        let annotated = try await http(
            "GET",
            "contacts(\(contact))",
            headers: ["Prefer": "odata.include-annotations=\"*\""]
        )
        #expect(annotated.status == 200)
        let record = try #require(annotated.body)
        #expect((record["_parentcustomerid_value"] as? String)?.lowercased() == account)
        #expect(record["_parentcustomerid_value@OData.Community.Display.V1.FormattedValue"] as? String == name)
        #expect(record["_parentcustomerid_value@Microsoft.Dynamics.CRM.lookuplogicalname"] as? String == "account")
        #expect(
            record["_parentcustomerid_value@Microsoft.Dynamics.CRM.associatednavigationproperty"] as? String
                == "parentcustomerid_account"
        )

        // Without the preference the value comes alone.
        let plain = try #require(try await http("GET", "contacts(\(contact))").body)
        #expect((plain["_parentcustomerid_value"] as? String)?.lowercased() == account)
        #expect(plain.keys.filter { $0.hasPrefix("_parentcustomerid_value@") }.isEmpty)
        #expect(try await contacts(withParent: account) == [contact])

        // Unbinding clears the property.
        let unbound = try await http("DELETE", "contacts(\(contact))/parentcustomerid_account/$ref")
        #expect(unbound.status == 204)
        let cleared = try #require(try await http("GET", "contacts(\(contact))").body)
        #expect(cleared["_parentcustomerid_value"] is NSNull || cleared["_parentcustomerid_value"] == nil)
        #expect(try await contacts(withParent: account).isEmpty)

        #expect(try await http("DELETE", "contacts(\(contact))").status == 204)
        #expect(try await http("DELETE", "accounts(\(account))").status == 204)
    }
}

/// Where the Dataverse sample server listens.
private enum DataverseSample {
    static let root = TestServers.url(.dataverse)
    static let skip = Comment(rawValue: TestServers.skipMessage)
}
