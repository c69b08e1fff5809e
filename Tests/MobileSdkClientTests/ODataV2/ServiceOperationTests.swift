import CRM2011Model
import Foundation
import MobileSdk
import MobileSdkClient
import MobileSdkTesting
import SAPModel
import Testing

/// OData v2 service operations through their generated requests: parameters as v2 literals in the URL for GET and
/// POST alike, results read from `d`.
struct ServiceOperationTests {
    @Test func aGetOperationReturningEntities() async throws {
        let transport = ScriptedTransport(
            .json(
                """
                {"d": {"results": [
                  {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.Account"}, "AccountId": "7a4814f9-b0b8-ea11-a812-000d3a122b89", "Name": "Fourth Coffee"},
                  {"__metadata": {"type": "Microsoft.Crm.Sdk.Data.Services.Account"}, "AccountId": "9c2f1e3d-4b5a-4c6d-8e7f-a0b1c2d3e4f5", "Name": "Adventure Works"}
                ]}}
                """
            )
        )
        let service = OrganizationServiceContextService(client: TestClients.crm2011(transport))
        let accounts = try await service.retrieveAccountsByIndustry(industryCode: 4)

        #expect(accounts.map(\.name) == ["Fourth Coffee", "Adventure Works"])
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET")
        #expect(
            request.url.absoluteString == TestClients.crm2011Root.absoluteString
                + "RetrieveAccountsByIndustry?IndustryCode=4"
        )
    }

    @Test func anUnsetOptionalParameterIsLeftOut() async throws {
        let transport = ScriptedTransport(.json(#"{"d": {"results": []}}"#))
        let accounts = try await TestClients.crm2011(transport).invoke(RetrieveAccountsByIndustryRequest())

        #expect(accounts.isEmpty)
        #expect(
            transport.requests.first?.url.absoluteString == TestClients.crm2011Root.absoluteString
                + "RetrieveAccountsByIndustry"
        )
    }

    @Test func aPostOperationSendsItsParametersInTheURL() async throws {
        let root = URL(string: "https://gateway.example.com/sap/opu/odata/sap/ZSAMPLE_SALES_SRV/")!
        let transport = ScriptedTransport(
            .json(
                """
                {"d": {"__metadata": {"type": "ZSAMPLE_SALES_SRV.SalesOrder"}, "SalesOrderID": "500000001", "CustomerName": "O'Neil GmbH"}}
                """
            )
        )
        let client = ODataClient(.init(serviceRoot: root, version: .v2, transport: transport))
        let order = try await client.invoke(
            ReleaseSalesOrderRequest(salesOrderID: "500000001", releaseNote: "ok, O'Neil")
        )

        #expect(order?.salesOrderID == "500000001")
        #expect(order?.customerName == "O'Neil GmbH")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.body == nil || request.body?.isEmpty == true)
        #expect(
            request.url.absoluteString == root.absoluteString
                + "ReleaseSalesOrder?SalesOrderID='500000001'&ReleaseNote='ok,%20O''Neil'"
        )
    }
}
