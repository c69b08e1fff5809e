import Generator
import Testing

/// With entities, attributes or operations left out, only the complex, enum and type-definition types that what is
/// generated uses are generated; with nothing left out, every type of the document is.
struct TypeSelectionSnippetTests {
    private let document = Snippets.csdl(
        """
              <EnumType Name="Color"><Member Name="Red"/></EnumType>
              <EnumType Name="Size"><Member Name="Small"/></EnumType>
              <EnumType Name="Unused"><Member Name="A"/></EnumType>
              <TypeDefinition Name="Code" UnderlyingType="Edm.String"/>
              <ComplexType Name="Address"><Property Name="Street" Type="Edm.String"/><Property Name="Geo" Type="t.Point"/></ComplexType>
              <ComplexType Name="PostalAddress" BaseType="t.Address"><Property Name="Box" Type="t.Code"/></ComplexType>
              <ComplexType Name="Point"><Property Name="Color" Type="t.Color"/></ComplexType>
              <ComplexType Name="Receipt"><Property Name="Size" Type="t.Size"/></ComplexType>
              <ComplexType Name="Orphan"><Property Name="X" Type="Edm.Int32"/></ComplexType>
              <EntityType Name="Customer"><Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Int32" Nullable="false"/><Property Name="Home" Type="t.Address"/></EntityType>
              <EntityType Name="Order"><Key><PropertyRef Name="Id"/></Key>
                <Property Name="Id" Type="Edm.Int32" Nullable="false"/><Property Name="Receipt" Type="t.Receipt"/></EntityType>
              <Action Name="Pay" IsBound="true"><Parameter Name="customer" Type="t.Customer"/><ReturnType Type="t.Receipt"/></Action>
              <EntityContainer Name="C"><EntitySet Name="Customers" EntityType="t.Customer"/>
                <EntitySet Name="Orders" EntityType="t.Order"/></EntityContainer>
        """
    )

    private static let types = [
        "Address", "PostalAddress", "Point", "Receipt", "Orphan", "Color", "Size", "Unused", "Code",
    ]

    private func generated(_ configuration: GeneratorConfiguration) -> [String] {
        Self.types.filter { (try? Snippets.render(document, type: $0, configuration: configuration)) != nil }
    }

    @Test func everyTypeWhenNothingIsLeftOut() { #expect(generated(GeneratorConfiguration()) == Self.types) }

    @Test func whatTheSelectedEntitiesAndOperationsUse() {
        // Customer.Home reaches Address, its derived PostalAddress (with Code), Point and Color; Pay returns Receipt.
        let customers = GeneratorConfiguration(entities: .init(include: ["Customer"]))
        #expect(generated(customers) == ["Address", "PostalAddress", "Point", "Receipt", "Color", "Size", "Code"])
        let withoutOperations = GeneratorConfiguration(
            entities: .init(include: ["Customer"]),
            operations: .init(exclude: ["*"])
        )
        #expect(generated(withoutOperations) == ["Address", "PostalAddress", "Point", "Color", "Code"])
    }

    @Test func whatTheAdmittedAttributesUse() {
        let noHome = GeneratorConfiguration(attributes: .init(exclude: ["Home"]), operations: .init(exclude: ["*"]))
        #expect(generated(noHome) == ["Receipt", "Size"])
    }
}
