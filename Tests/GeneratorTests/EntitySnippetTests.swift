import Generator
import Testing

/// Entity classes: metadata, constants, typed properties, navigation and naming rules.
struct EntitySnippetTests {
    @Test func entityClass() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="order">
                    <Key><PropertyRef Name="OrderId"/></Key>
                    <Property Name="OrderId" Type="Edm.Guid" Nullable="false"/>
                    <Property Name="Total" Type="Edm.Decimal">
                      <Annotation Term="Org.OData.Core.V1.Description" String="The sum, with &quot;tax&quot;."/>
                      <Annotation Term="Org.OData.Core.V1.Computed" Bool="true"/>
                    </Property>
                    <Property Name="Tags" Type="Collection(Edm.String)"/>
                    <NavigationProperty Name="Lines" Type="Collection(t.line)"/>
                  </EntityType>
                  <EntityType Name="line"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
                  <EntityContainer Name="C"><EntitySet Name="Orders" EntityType="t.order"/></EntityContainer>
            """
        )
        let (text, diagnostics) = try Snippets.render(document, type: "Order")
        #expect(diagnostics.isEmpty)
        #expect(
            text == #"""
                /// - Remark: Generated from entity type `Test.order`.
                open class Order: MobileSdk.Entity {
                    open override class var entityLogicalName: Swift.String { "order" }

                    open override class var entityQualifiedName: Swift.String? { "Test.order" }

                    open override class var primaryIdAttribute: Swift.String? { "OrderId" }

                    open override class var entitySetName: Swift.String? { "Orders" }

                    open override class var keyAttributes: [Swift.String] { ["OrderId"] }

                    /// Each property's Swift name, storage name, type and name in payloads.
                    open override class var propertyMetadata: [MobileSdk.PropertyMetadata] {
                        MobileSdk.PropertyMetadata.table(of: Order.self, """
                            version 1
                            orderId: OrderId guid
                            total: Total decimal
                            tags: Tags [string]
                            lines: Lines [navigation] #0
                            """, [Line.self])
                    }

                    /// - Remark: Generated from `Test.order/OrderId` (`Edm.Guid`).
                    public final var orderId: Foundation.UUID? {
                        get { self._get() }
                        set { self._set(newValue) }
                        _modify { yield &self[_attribute: #function] }
                    }

                    /// The sum, with "tax".
                    ///
                    /// - Remark: Generated from `Test.order/Total` (`Edm.Decimal`).
                    public final var total: Foundation.Decimal? { self._get() }

                    /// - Remark: Generated from `Test.order/Tags` (`Collection(Edm.String)`).
                    public final var tags: [Swift.String]? {
                        get { self._getAll() }
                        set { self._setAll(newValue) }
                        _modify { yield &self[_attributes: #function] }
                    }

                    /// - Remark: Generated from navigation property `Test.order/Lines` (`Collection(Test.line)`).
                    public final var lines: [Line]? {
                        get { self._relatedAll() }
                        set { self._setRelatedAll(newValue) }
                        _modify { yield &self[_relatedAll: #function] }
                    }
                }

                """#
        )
    }

    @Test func inheritanceAndInheritedNames() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="Base"><Key><PropertyRef Name="Code"/></Key><Property Name="Code" Type="Edm.String" Nullable="false"/></EntityType>
                  <EntityType Name="Derived" BaseType="t.Base"><Property Name="code" Type="Edm.Int32"/></EntityType>
            """
        )
        let (text, diagnostics) = try Snippets.render(document, type: "Derived")
        #expect(text.contains("open class Derived: Base {"))
        #expect(text.contains("public final var codeValue: Swift.Int32?"))
        #expect(diagnostics == ["note: property Derived.code is generated as 'codeValue': 'code' is taken"])
    }

    @Test func namesBecomeValidIdentifiers() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="Thing"><Key><PropertyRef Name="default"/></Key>
                    <Property Name="default" Type="Edm.String" Nullable="false"/>
                    <Property Name="class" Type="Edm.String"/>
                    <Property Name="2ndValue" Type="Edm.String"/>
                    <Property Name="new_x005f_name" Type="Edm.String"/>
                    <Property Name="Код" Type="Edm.String"/>
                    <Property Name="Name" Type="Edm.String"/>
                    <Property Name="NAME" Type="Edm.String"/>
                    <Property Name="description" Type="Edm.String"/>
                    <Property Name="attributes" Type="Edm.String"/>
                    <Property Name="with space" Type="Edm.String"/>
                  </EntityType>
            """
        )
        let (text, diagnostics) = try Snippets.render(document, type: "Thing")
        for declaration in [
            "var `default`: Swift.String?", "var `class`: Swift.String?", "var _2ndValue: Swift.String?",
            "var newName: Swift.String?", "var код: Swift.String?", "var name: Swift.String?",
            "var nameValue: Swift.String?", "var description: Swift.String?", "var attributesValue: Swift.String?",
            "var withSpace: Swift.String?",
        ] { #expect(text.contains("public final " + declaration), "\(declaration)") }
        #expect(text.contains("    default: default string\n"))
        #expect(text.contains("    withSpace: with%20space string\n"))
        #expect(
            diagnostics == [
                "note: property Thing.NAME is generated as 'nameValue': 'name' is taken",
                "note: property Thing.attributes is generated as 'attributesValue': 'attributes' is taken",
            ]
        )
    }

    @Test func namingConfiguration() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="item"><Key><PropertyRef Name="Item_Id"/></Key><Property Name="Item_Id" Type="Edm.Int64" Nullable="false"/></EntityType>
            """
        )
        var configuration = GeneratorConfiguration()
        configuration.typePrefix = "CRM"
        configuration.propertyNaming = .logicalName
        configuration.accessLevel = .internal
        let (text, _) = try Snippets.render(document, type: "CRMItem", configuration: configuration)
        #expect(text.contains("class CRMItem: MobileSdk.Entity {"))
        #expect(!text.contains("open ") && !text.contains("public "))
        #expect(text.contains("final var Item_Id: Swift.Int64? {"))
    }

    @Test func typesOfTheSameNameInTwoNamespaces() throws {
        let other = """
            <Schema Namespace="Other.Sales" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="Order"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
            </Schema>
            """
        let document = Snippets.csdl(
            """
                  <EntityType Name="Order"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
            """,
            extraSchema: other
        )
        let (text, diagnostics) = try Snippets.render(document, type: "SalesOrder")
        #expect(text.contains("open class SalesOrder: MobileSdk.Entity {"))
        #expect(diagnostics.contains("note: type 'Other.Sales.Order' is generated as 'SalesOrder': 'Order' is taken"))
    }

    @Test func dataverseAbstractTypesGetTheirSchemaNamesElsewhereNot() throws {
        let crm = """
            <Schema Namespace="Microsoft.Dynamics.CRM" xmlns="http://docs.oasis-open.org/odata/ns/edm">
              <EntityType Name="crmbaseentity" Abstract="true"/>
              <EntityType Name="activitypointer" BaseType="Microsoft.Dynamics.CRM.crmbaseentity" Abstract="true">
                <Key><PropertyRef Name="activityid"/></Key><Property Name="activityid" Type="Edm.Guid" Nullable="false"/>
              </EntityType>
            </Schema>
            """
        let dataverse = Snippets.csdl("", extraSchema: crm)
        #expect(
            try Snippets.render(dataverse, type: "CrmBaseEntity").text
                .contains("open class CrmBaseEntity: MobileSdk.Entity {")
        )
        #expect(
            try Snippets.render(dataverse, type: "ActivityPointer").text
                .contains("open class ActivityPointer: CrmBaseEntity {")
        )
        let other = Snippets.csdl(
            """
                  <EntityType Name="activitypointer"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
            """
        )
        #expect(
            try Snippets.render(other, type: "Activitypointer").text
                .contains("open class Activitypointer: MobileSdk.Entity {")
        )
    }

    @Test func streamPropertiesAreReferencesTheClientReadsAndWrites() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="Media"><Key><PropertyRef Name="Id"/></Key>
                    <Property Name="Id" Type="Edm.Int32" Nullable="false"/>
                    <Property Name="Content" Type="Edm.Stream"/>
                    <Property Name="Other" Type="Elsewhere.Thing"/>
                  </EntityType>
                  <ComplexType Name="Attachment"><Property Name="Body" Type="Edm.Stream"/><Property Name="Title" Type="Edm.String"/></ComplexType>
            """
        )
        let (text, diagnostics) = try Snippets.render(document, type: "Media")
        #expect(text.contains("public final var content: MobileSdk.StreamReference { self._stream() }"))
        #expect(text.contains("content: Content stream"))
        #expect(!text.contains("other"))
        #expect(text.contains("public final var id: Swift.Int32? {"))
        #expect(
            diagnostics == [
                "warning: property Media.Other is not generated: its type 'Elsewhere.Thing' is not declared",
                "warning: property Attachment.Body is not generated: streams of complex types are not supported (only an entity's streams have an address)",
            ]
        )
    }

    @Test func reservedTypeNamesTakeTheNamespaceUnlessPrefixed() throws {
        let document = Snippets.csdl(
            """
                  <EntityType Name="Task"><Key><PropertyRef Name="Id"/></Key><Property Name="Id" Type="Edm.Int32" Nullable="false"/></EntityType>
            """
        )
        let (renamed, notes) = try Snippets.render(document, type: "TestTask")
        #expect(renamed.contains("open class TestTask: MobileSdk.Entity {"))
        #expect(notes.contains("note: type 'Test.Task' is generated as 'TestTask': 'Task' is taken"))
        var configuration = GeneratorConfiguration()
        configuration.typePrefix = "App"
        let (prefixed, prefixedNotes) = try Snippets.render(document, type: "AppTask", configuration: configuration)
        #expect(prefixed.contains("open class AppTask: MobileSdk.Entity {"))
        #expect(!prefixedNotes.contains { $0.contains("is generated as 'App") })
    }
}
