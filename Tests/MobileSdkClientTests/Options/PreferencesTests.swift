import DataverseModel
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import Testing

/// `Prefer` as typed settings: annotations on every request, the page size on reads, `return=…` on writes; per client
/// or per call; none in OData v2.
struct PreferencesTests {
    private let root = "https://contoso.crm.dynamics.com/api/data/v9.2/"

    @Test func theHeaderValueFollowsTheMethod() {
        let preferences = ODataClient.Preferences(
            includeAnnotations: "OData.Community.Display.V1.FormattedValue",
            maximumPageSize: 3,
            returnContent: .representation
        )
        #expect(
            preferences.headerValue(method: "GET")
                == #"odata.include-annotations="OData.Community.Display.V1.FormattedValue",odata.maxpagesize=3"#
        )
        #expect(
            preferences.headerValue(method: "POST")
                == #"odata.include-annotations="OData.Community.Display.V1.FormattedValue",return=representation"#
        )
        #expect(
            preferences.headerValue(method: "PATCH")
                == #"odata.include-annotations="OData.Community.Display.V1.FormattedValue",return=representation"#
        )
        #expect(
            preferences.headerValue(method: "DELETE")
                == #"odata.include-annotations="OData.Community.Display.V1.FormattedValue""#
        )
        #expect(ODataClient.Preferences().headerValue(method: "GET") == nil)
    }

    @Test func theShorthandsAreThePreferences() {
        var configuration = ODataClient.Configuration(
            serviceRoot: TestClients.dataverseRoot,
            includeAnnotations: "*",
            maximumPageSize: 10
        )
        #expect(configuration.preferences == ODataClient.Preferences(includeAnnotations: "*", maximumPageSize: 10))
        configuration.preferences.maximumPageSize = 20
        #expect(configuration.maximumPageSize == 20)
    }

    @Test func createAndRetrieveAsksForTheRepresentation() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account", status: 201))
        let account = Account()
        account.name = "Sample Account"
        _ = try await TestClients.dataverse(transport).createAndRetrieve(account)

        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == root + "accounts")
        #expect(request[header: "Prefer"] == #"odata.include-annotations="*",return=representation"#)
    }

    @Test func oneCallCanAskForAnotherPageSize() async throws {
        let transport = ScriptedTransport(
            .payload("dataverse-accounts-page1"),
            .payload("dataverse-accounts-page2"),
            .payload("dataverse-accounts-page1")
        )
        let client = TestClients.dataverse(transport, maximumPageSize: 2)
        _ = try await client.preferring { $0.maximumPageSize = 500 }
            .retrieveAll(Account.self, query: ODataQuery(select: ["name"]))
        _ = try await client.retrieveMultiple(Account.self, query: ODataQuery(select: ["name"]))

        #expect(
            transport.requests.map { $0[header: "Prefer"] } == [
                #"odata.include-annotations="*",odata.maxpagesize=500"#,
                #"odata.include-annotations="*",odata.maxpagesize=500"#,
                #"odata.include-annotations="*",odata.maxpagesize=2"#,
            ]
        )
    }

    @Test func aClientCanAskUpdatesForTheRepresentation() async throws {
        let transport = ScriptedTransport(.payload("dataverse-account"))
        let account = Account()
        account.accountId = IDs.account
        account.acceptChanges()
        account.name = "Updated Sample Account"
        try await TestClients.dataverse(transport).preferring { $0.returnContent = .representation }.update(account)

        let request = try #require(transport.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.url.absoluteString == root + "accounts(\(IDs.account.uuidString.lowercased()))")
        #expect(request[header: "Prefer"] == #"odata.include-annotations="*",return=representation"#)
        #expect(request[header: "If-Match"] == "*")
        #expect(request.bodyText == #"{"name":"Updated Sample Account"}"#)
    }

    @Test func odataV2SendsNoPrefer() async throws {
        let transport = ScriptedTransport(.status(204))
        let client = TestClients.crm2011(transport)
            .preferring { $0 = .init(includeAnnotations: "*", maximumPageSize: 5, returnContent: .minimal) }
        try await client.delete(Entity.self, key: .id(IDs.account), entitySet: "AccountSet")
        #expect(transport.requests.first?[header: "Prefer"] == nil)
    }
}
