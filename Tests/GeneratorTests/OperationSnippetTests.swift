import Generator
import Testing

/// Operation requests: bound to an entity or a collection, unbound through an import, overloaded, with entity and
/// collection parameters and each kind of return type.
struct OperationSnippetTests {
    private static let model = """
              <EntityType Name="Order"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
              <ComplexType Name="Total"><Property Name="Amount" Type="Edm.Decimal"/></ComplexType>
              <EnumType Name="Level"><Member Name="Low"/><Member Name="High"/></EnumType>
        """

    private func document(_ operations: String, imports: String = "") -> String {
        Snippets.csdl(
            Self.model + operations + """
                      <EntityContainer Name="C"><EntitySet Name="Orders" EntityType="t.Order"/>\(imports)</EntityContainer>
                """
        )
    }

    @Test func functionBoundToAnEntity() throws {
        let (text, diagnostics) = try Snippets.render(
            document(
                """
                      <Function Name="Total" IsBound="true"><Parameter Name="order" Type="t.Order" Nullable="false"/>
                        <Parameter Name="level" Type="t.Level"/><ReturnType Type="t.Total"/></Function>
                """
            ),
            type: "TotalRequest"
        )
        #expect(diagnostics.isEmpty)
        #expect(
            text == #"""
                /// - Remark: Generated from bound function `Test.Total`.
                public struct TotalRequest: MobileSdk.ODataOperation {
                    public typealias Response = Total?

                    /// What the request sends.
                    public let call: MobileSdk.OperationCall

                    public init(boundTo target: MobileSdk.EntityKey, in targetEntitySet: Swift.String = "Orders", level: Level? = nil) {
                        call = MobileSdk.OperationCall(
                            function: "Test.Total",
                            on: .entity(entitySet: targetEntitySet, key: target),
                            .typed("level", level)
                        )
                    }

                    public static func response(from result: MobileSdk.OperationResult) throws -> Response {
                        return try result.value(Total.self, as: .complex(Total.self))
                    }
                }

                """#
        )
    }

    @Test func actionBoundToACollectionWithEntityParameters() throws {
        let (text, diagnostics) = try Snippets.render(
            document(
                """
                      <Action Name="Merge" IsBound="true"><Parameter Name="orders" Type="Collection(t.Order)"/>
                        <Parameter Name="Into" Type="t.Order" Nullable="false"/><Parameter Name="Others" Type="Collection(t.Order)"/>
                        <ReturnType Type="Collection(Edm.Int32)"/></Action>
                """
            ),
            type: "MergeRequest"
        )
        #expect(diagnostics.isEmpty)
        #expect(
            text.contains(
                "public init(in targetEntitySet: Swift.String = \"Orders\", into: Order, others: [Order]? = nil)"
            )
        )
        #expect(
            text.contains(
                """
                        call = MobileSdk.OperationCall(
                            action: "Test.Merge",
                            on: .entitySet(targetEntitySet),
                            .entity("Into", into),
                            .entities("Others", others)
                        )
                """
            )
        )
        #expect(text.contains("public typealias Response = [Swift.Int32]"))
        #expect(text.contains("return try result.values(Swift.Int32.self, as: .int32)"))
    }

    @Test func unboundOperationsGoThroughTheirImports() throws {
        let operations = """
                  <Action Name="Reset"/>
                  <Function Name="Find"><Parameter Name="id" Type="Edm.Int32" Nullable="false"/><ReturnType Type="Collection(t.Order)"/></Function>
                  <Function Name="Hidden"><ReturnType Type="Edm.String"/></Function>
            """
        let imports =
            #"<ActionImport Name="ResetAll" Action="t.Reset"/><FunctionImport Name="FindOrders" Function="t.Find"/>"#
        let (reset, _) = try Snippets.render(document(operations, imports: imports), type: "ResetRequest")
        #expect(reset.contains("public typealias Response = Swift.Void"))
        #expect(reset.contains("call = MobileSdk.OperationCall(action: \"ResetAll\")"))
        // Nothing to read: the runtime's `response(from:)` for `Response == Void` serves.
        #expect(!reset.contains("response(from"))
        let (find, _) = try Snippets.render(document(operations, imports: imports), type: "FindRequest")
        #expect(find.contains("public typealias Response = [Order]"))
        #expect(find.contains("return try result.entities(Order.self)"))
        let diagnostics = try Snippets.diagnostics(document(operations, imports: imports))
        #expect(diagnostics == ["note: function Hidden is not generated: it is unbound and no import exposes it"])
    }

    @Test func overloadsGetDistinctNames() throws {
        let text = document(
            """
                  <Function Name="Near"><Parameter Name="lat" Type="Edm.Double" Nullable="false"/><ReturnType Type="t.Order"/></Function>
                  <Function Name="Near"><Parameter Name="lat" Type="Edm.Double" Nullable="false"/><Parameter Name="level" Type="t.Level"/><ReturnType Type="t.Order"/></Function>
                  <Function Name="Count" IsBound="true"><Parameter Name="order" Type="t.Order"/><ReturnType Type="Edm.Int64"/></Function>
                  <Function Name="Count" IsBound="true"><Parameter Name="orders" Type="Collection(t.Order)"/><ReturnType Type="Edm.Int64"/></Function>
            """,
            imports: #"<FunctionImport Name="Near" Function="t.Near"/>"#
        )
        #expect(try Snippets.render(text, type: "NearRequest").text.contains("public init(lat: Swift.Double)"))
        #expect(
            try Snippets.render(text, type: "NearWithLevelRequest").text
                .contains("public init(lat: Swift.Double, level: Level? = nil)")
        )
        #expect(
            try Snippets.render(text, type: "CountOnOrderRequest").text
                .contains("on: .entity(entitySet: targetEntitySet, key: target)")
        )
        #expect(
            try Snippets.render(text, type: "CountOnCollectionOrderRequest").text
                .contains("on: .entitySet(targetEntitySet)")
        )
    }

    @Test func anOverloadWithNoParameterOfItsOwnIsNamedByAllOfThem() throws {
        let text = document(
            """
                  <Function Name="Near"><Parameter Name="lat" Type="Edm.Double" Nullable="false"/><Parameter Name="lon" Type="Edm.Double" Nullable="false"/><ReturnType Type="t.Order"/></Function>
                  <Function Name="Near"><Parameter Name="lat" Type="Edm.Double" Nullable="false"/><ReturnType Type="t.Order"/></Function>
            """,
            imports: #"<FunctionImport Name="Near" Function="t.Near"/>"#
        )
        #expect(
            try Snippets.render(text, type: "NearRequest").text
                .contains("public init(lat: Swift.Double, lon: Swift.Double)")
        )
        #expect(try Snippets.render(text, type: "NearWithLatRequest").text.contains("public init(lat: Swift.Double)"))
    }

    @Test func overloadNamesCapitalizeLowercaseBindingTypes() throws {
        let text = Snippets.csdl(
            """
                  <EntityType Name="run"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                  <Function Name="summary" IsBound="true"><Parameter Name="r" Type="t.run"/><ReturnType Type="Edm.Int64"/></Function>
                  <Function Name="summary" IsBound="true"><Parameter Name="r" Type="Collection(t.run)"/><ReturnType Type="Edm.Int64"/></Function>
                  <EntityContainer Name="C"><EntitySet Name="runs" EntityType="t.run"/></EntityContainer>
            """
        )
        #expect(
            try Snippets.render(text, type: "SummaryOnRunRequest").text.contains("public struct SummaryOnRunRequest")
        )
        #expect(
            try Snippets.render(text, type: "SummaryOnCollectionRunRequest").text
                .contains("on: .entitySet(targetEntitySet)")
        )
    }

    @Test func aNameEndingInRequestIsNotGivenItTwice() throws {
        let text = Snippets.csdl(
            """
                  <EntityType Name="approvalRequest"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                  <Action Name="cancel" IsBound="true"><Parameter Name="r" Type="t.approvalRequest"/></Action>
                  <Action Name="cancel" IsBound="true"><Parameter Name="r" Type="Collection(t.approvalRequest)"/></Action>
                  <EntityContainer Name="C"><EntitySet Name="requests" EntityType="t.approvalRequest"/></EntityContainer>
            """
        )
        #expect(
            try Snippets.render(text, type: "CancelOnApprovalRequest").text
                .contains("action: \"Test.cancel\", on: .entity(")
        )
        #expect(
            try Snippets.render(text, type: "CancelOnCollectionApprovalRequest").text
                .contains("on: .entitySet(targetEntitySet)")
        )
        #expect(throws: Snippets.SnippetError.self) {
            try Snippets.render(text, type: "CancelOnApprovalRequestRequest")
        }
    }

    @Test func anUnmappableParameterSkipsTheOperationWithAWarning() throws {
        let diagnostics = try Snippets.diagnostics(
            document(
                """
                      <Action Name="Upload" IsBound="true"><Parameter Name="order" Type="t.Order"/><Parameter Name="data" Type="Edm.Stream"/></Action>
                """
            )
        )
        #expect(
            diagnostics == [
                "warning: action Upload is not generated: parameter data has type 'Edm.Stream', which has no Swift type here"
            ]
        )
    }

    @Test func theServiceOfAContainer() throws {
        let text =
            try Snippets.render(
                document(
                    """
                          <Action Name="Reset"/>
                          <Function Name="Find"><Parameter Name="id" Type="Edm.Int32" Nullable="false"/><ReturnType Type="t.Order"/></Function>
                    """,
                    imports:
                        #"<Singleton Name="Latest" Type="t.Order"/><ActionImport Name="Reset" Action="t.Reset"/><FunctionImport Name="Find" Function="t.Find"/>"#
                ),
                type: "CService"
            )
            .text
        #expect(
            text == #"""
                /// The requests of entity container `C`: its entity sets, singletons and imports.
                ///
                /// - Remark: Generated from entity container `Test.C`.
                public struct CService: Swift.Sendable {
                    /// Sends the requests: an `ODataClient`.
                    public var client: any MobileSdk.ODataServiceClient

                    public init(client: any MobileSdk.ODataServiceClient) {
                        self.client = client
                    }

                    /// The Order records of `Orders`.
                    public var orders: MobileSdk.EntitySetAccessor<Order> { .init(client: client, name: "Orders") }

                    /// The singleton `Latest`.
                    public var latest: MobileSdk.SingletonAccessor<Order> { .init(client: client, name: "Latest") }

                    /// Sends ``ResetRequest``.
                    public nonisolated(nonsending) func reset() async throws -> Swift.Void {
                        return try await client.invoke(ResetRequest())
                    }

                    /// Sends ``FindRequest``.
                    public nonisolated(nonsending) func find(id: Swift.Int32) async throws -> Order? {
                        return try await client.invoke(FindRequest(id: id))
                    }
                }

                """#
        )
    }

    @Test func theConfigurationSelectsOperationsByNameQualifiedNameOrImport() throws {
        let operations = """
                  <Action Name="Reset"/>
                  <Function Name="Find"><Parameter Name="id" Type="Edm.Int32" Nullable="false"/><ReturnType Type="t.Order"/></Function>
                  <Function Name="Total" IsBound="true"><Parameter Name="order" Type="t.Order" Nullable="false"/><ReturnType Type="t.Total"/></Function>
                  <Function Name="Hidden"><ReturnType Type="Edm.String"/></Function>
            """
        let imports = """
                <ActionImport Name="ResetAll" Action="t.Reset"/><FunctionImport Name="Find" Function="t.Find"/>
            """
        let text = document(operations, imports: imports)
        let some = GeneratorConfiguration(
            operations: .init(include: ["resetall", "Test.Total", "Hidden"], exclude: ["find"])
        )
        let reset = try Snippets.render(text, type: "ResetRequest", configuration: some).text
        #expect(reset.contains("action: \"ResetAll\""))
        let total = try Snippets.render(text, type: "TotalRequest", configuration: some).text
        #expect(total.contains("function: \"Test.Total\""))
        #expect(throws: Snippets.SnippetError.self) {
            try Snippets.render(text, type: "FindRequest", configuration: some)
        }
        let service = try Snippets.render(text, type: "CService", configuration: some).text
        #expect(service.contains("public nonisolated(nonsending) func resetAll() async throws -> Swift.Void {"))
        #expect(!service.contains("func find("))
        #expect(
            try Snippets.diagnostics(text, configuration: some) == [
                "note: function Hidden is not generated: it is unbound and no import exposes it"
            ]
        )

        let none = GeneratorConfiguration(operations: .init(exclude: ["*"]))
        for request in ["ResetRequest", "FindRequest", "TotalRequest"] {
            #expect(throws: Snippets.SnippetError.self) {
                try Snippets.render(text, type: request, configuration: none)
            }
        }
        // An operation the configuration leaves out is not reported as skipped.
        #expect(try Snippets.diagnostics(text, configuration: none).isEmpty)
    }
}

/// OData v2/v3 service operations: a request per import, GET as a function and POST as an action, parameters typed;
/// bindable v3 actions and other HTTP methods are reported.
struct ServiceOperationSnippetTests {
    private func document(_ imports: String) -> String {
        """
        <edmx:Edmx Version="1.0" xmlns:edmx="http://schemas.microsoft.com/ado/2007/06/edmx">
          <edmx:DataServices xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" m:DataServiceVersion="2.0">
            <Schema Namespace="Test" xmlns="http://schemas.microsoft.com/ado/2008/09/edm">
              <EntityType Name="Order"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
              <EntityContainer Name="C" m:IsDefaultEntityContainer="true">
                <EntitySet Name="Orders" EntityType="Test.Order"/>
        \(imports)
              </EntityContainer>
            </Schema>
          </edmx:DataServices>
        </edmx:Edmx>
        """
    }

    @Test func aGetServiceOperationIsAFunctionRequest() throws {
        let (text, diagnostics) = try Snippets.render(
            document(
                """
                    <FunctionImport Name="TopOrders" EntitySet="Orders" ReturnType="Collection(Test.Order)" m:HttpMethod="GET">
                      <Parameter Name="count" Type="Edm.Int32" Mode="In" Nullable="false"/><Parameter Name="since" Type="Edm.DateTime" Mode="In"/>
                    </FunctionImport>
                """
            ),
            type: "TopOrdersRequest"
        )
        #expect(diagnostics.isEmpty)
        #expect(
            text == #"""
                /// - Remark: Generated from service operation `Test.TopOrders`.
                public struct TopOrdersRequest: MobileSdk.ODataOperation {
                    public typealias Response = [Order]

                    /// What the request sends.
                    public let call: MobileSdk.OperationCall

                    public init(count: Swift.Int32, since: Foundation.Date? = nil) {
                        call = MobileSdk.OperationCall(function: "TopOrders", .typed("count", count), .typed("since", since))
                    }

                    public static func response(from result: MobileSdk.OperationResult) throws -> Response {
                        return try result.entities(Order.self)
                    }
                }

                """#
        )
    }

    @Test func aPostServiceOperationIsAnActionAndTheServiceHasItsMethod() throws {
        let imports = """
                <FunctionImport Name="Close" ReturnType="Edm.Boolean" m:HttpMethod="POST"><Parameter Name="id" Type="Edm.Int32" Nullable="false"/></FunctionImport>
            """
        let request = try Snippets.render(document(imports), type: "CloseRequest").text
        #expect(request.contains("call = MobileSdk.OperationCall(action: \"Close\", .typed(\"id\", id))"))
        #expect(request.contains("return try result.value(Swift.Bool.self, as: .boolean)"))
        let service = try Snippets.render(document(imports), type: "CService").text
        #expect(
            service.contains("public nonisolated(nonsending) func close(id: Swift.Int32) async throws -> Swift.Bool? {")
        )
    }

    @Test func v3DefaultsAndWhatIsReported() throws {
        let imports = """
                <FunctionImport Name="Touch"/>
                <FunctionImport Name="Peek" IsSideEffecting="false" ReturnType="Edm.String"/>
                <FunctionImport Name="Rate" IsBindable="true" IsSideEffecting="true"><Parameter Name="order" Type="Test.Order"/></FunctionImport>
                <FunctionImport Name="Purge" m:HttpMethod="DELETE"/>
            """
        #expect(
            try Snippets.render(document(imports), type: "TouchRequest").text
                .contains("OperationCall(action: \"Touch\")")
        )
        #expect(
            try Snippets.render(document(imports), type: "PeekRequest").text
                .contains("OperationCall(function: \"Peek\")")
        )
        #expect(
            try Snippets.diagnostics(document(imports)) == [
                "warning: function import Rate is not generated: bindable OData v3 actions have no request type; call it with ODataClient.invokeAction",
                "warning: function import Purge is not generated: it is invoked with DELETE, which requests support only as GET and POST",
            ]
        )
    }

    @Test func theConfigurationSelectsServiceOperations() throws {
        let imports = """
                <FunctionImport Name="Close" ReturnType="Edm.Boolean" m:HttpMethod="POST"/>
                <FunctionImport Name="Touch"/>
                <FunctionImport Name="Purge" m:HttpMethod="DELETE"/>
            """
        let configuration = GeneratorConfiguration(operations: .init(exclude: ["Test.Touch", "purge"]))
        #expect(
            try Snippets.render(document(imports), type: "CloseRequest", configuration: configuration).text
                .contains("OperationCall(action: \"Close\")")
        )
        #expect(throws: Snippets.SnippetError.self) {
            try Snippets.render(document(imports), type: "TouchRequest", configuration: configuration)
        }
        let service = try Snippets.render(document(imports), type: "CService", configuration: configuration).text
        #expect(service.contains("public nonisolated(nonsending) func close() async throws -> Swift.Bool? {"))
        #expect(!service.contains("func touch("))
        #expect(try Snippets.diagnostics(document(imports), configuration: configuration).isEmpty)
    }
}
