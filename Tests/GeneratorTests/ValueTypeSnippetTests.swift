import Generator
import Testing

/// Complex types, enum types and Dynamics option sets.
struct ValueTypeSnippetTests {
    @Test func complexTypeIncludesItsBase() throws {
        let document = Snippets.csdl(
            """
                  <ComplexType Name="Location"><Property Name="City" Type="Edm.String"/></ComplexType>
                  <ComplexType Name="AirportLocation" BaseType="t.Location"><Property Name="Point" Type="Edm.GeographyPoint" SRID="4326"/></ComplexType>
            """
        )
        let (text, _) = try Snippets.render(document, type: "AirportLocation")
        #expect(
            text == #"""
                /// Includes the properties of its base type `Test.Location`.
                ///
                /// - Remark: Generated from complex type `Test.AirportLocation`.
                public struct AirportLocation: MobileSdk.ComplexValue {
                    public var attributes: [Swift.String: MobileSdk.AttributeValue]

                    public init(attributes: [Swift.String: MobileSdk.AttributeValue] = [:]) {
                        self.attributes = attributes
                    }

                    /// Each property's Swift name, storage name, type and name in payloads.
                    public static var propertyMetadata: [MobileSdk.PropertyMetadata] {
                        MobileSdk.PropertyMetadata.table(of: AirportLocation.self, """
                            version 1
                            city: City string
                            point: Point geography
                            """)
                    }

                    /// - Remark: Generated from `Test.AirportLocation/City` (`Edm.String`).
                    public var city: Swift.String? {
                        get { self._get() }
                        set { self._set(newValue) }
                    }

                    /// - Remark: Generated from `Test.AirportLocation/Point` (`Edm.GeographyPoint`).
                    public var point: MobileSdk.SpatialValue? {
                        get { self._get() }
                        set { self._set(newValue) }
                    }
                }

                """#
        )
    }

    @Test func enumType() throws {
        let document = Snippets.csdl(
            """
                  <EnumType Name="Color"><Member Name="Red"/><Member Name="default"/><Member Name="DARK_GREEN"/></EnumType>
            """
        )
        let (text, _) = try Snippets.render(document, type: "Color")
        #expect(
            text == #"""
                /// - Remark: Generated from enum type `Test.Color`.
                public enum Color: MobileSdk.EdmEnumeration {
                    case red
                    case `default`
                    case darkGreen

                    public static var edmTypeName: Swift.String? { "Test.Color" }

                    /// Each member's name in the metadata, in the order of the cases.
                    public static var memberNames: [Swift.String] {
                        [
                            "Red",
                            "default",
                            "DARK_GREEN",
                        ]
                    }
                }

                """#
        )
    }

    @Test func flagsEnumType() throws {
        let document = Snippets.csdl(
            """
                  <EnumType Name="Access" IsFlags="true"><Member Name="None" Value="0"/><Member Name="Read" Value="1"/><Member Name="Write" Value="2"/></EnumType>
            """
        )
        let (text, _) = try Snippets.render(document, type: "Access")
        #expect(
            text == #"""
                /// - Remark: Generated from enum type `Test.Access`.
                public struct Access: MobileSdk.EdmFlagsEnumeration {
                    public var rawValue: Swift.Int64

                    public init(rawValue: Swift.Int64) {
                        self.rawValue = rawValue
                    }

                    public static let noneValue: Access = []
                    public static let read: Access = Access(rawValue: 1)
                    public static let write: Access = Access(rawValue: 2)

                    public static var edmTypeName: Swift.String? { "Test.Access" }

                    public static let memberNames: [(name: Swift.String, value: Swift.Int64)] = [
                        ("None", noneValue.rawValue),
                        ("Read", read.rawValue),
                        ("Write", write.rawValue),
                    ]
                }

                """#
        )
    }

    @Test func optionSetKeepsUnknownValues() throws {
        let document = """
            <ArrayOfEntityMetadata xmlns="http://schemas.microsoft.com/xrm/2011/Metadata" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:a="http://schemas.microsoft.com/xrm/2011/Contracts">
              <EntityMetadata>
                <LogicalName>account</LogicalName><SchemaName>Account</SchemaName><PrimaryIdAttribute>accountid</PrimaryIdAttribute>
                <Attributes>
                  <AttributeMetadata i:type="UniqueIdentifierAttributeMetadata"><LogicalName>accountid</LogicalName><SchemaName>AccountId</SchemaName><AttributeType>Uniqueidentifier</AttributeType></AttributeMetadata>
                  <AttributeMetadata i:type="PicklistAttributeMetadata">
                    <LogicalName>industrycode</LogicalName><SchemaName>IndustryCode</SchemaName><AttributeType>Picklist</AttributeType>
                    <OptionSet><Name>account_industrycode</Name><IsGlobal>false</IsGlobal><OptionSetType>Picklist</OptionSetType>
                      <Options>
                        <OptionMetadata><Value>1</Value><Label><a:LocalizedLabels><a:LocalizedLabel><a:Label>Accounting</a:Label><a:LanguageCode>1033</a:LanguageCode></a:LocalizedLabel></a:LocalizedLabels></Label></OptionMetadata>
                        <OptionMetadata><Value>-2</Value><Label><a:LocalizedLabels/></Label></OptionMetadata>
                      </Options>
                    </OptionSet>
                  </AttributeMetadata>
                </Attributes>
              </EntityMetadata>
            </ArrayOfEntityMetadata>
            """
        let (text, _) = try Snippets.render(document, type: "AccountIndustryCode")
        #expect(
            text == #"""
                /// - Remark: Generated from the local picklist option set `account_industrycode`.
                public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration {
                    case accounting
                    case valueMinus2

                    /// A value the metadata did not list.
                    case unknown(Swift.Int32)

                    /// Each option's value and label.
                    public static let options: MobileSdk.OptionTable<AccountIndustryCode> = makeOptions()

                    private static func makeOptions() -> MobileSdk.OptionTable<Self> {
                        MobileSdk.OptionTable<Self>(text: """
                            version 1
                            1: Accounting
                            -2:
                            """, cases: [.accounting, .valueMinus2])
                    }
                }

                """#
        )
    }
}
