import Generator
import Testing

/// Complex types, enum types and Dynamics option sets.
struct ValueTypeSnippetTests {
    @Test func complexTypeIncludesItsBase() throws {
        let document = Snippets.csdl("""
                  <ComplexType Name="Location"><Property Name="City" Type="Edm.String"/></ComplexType>
                  <ComplexType Name="AirportLocation" BaseType="t.Location"><Property Name="Point" Type="Edm.GeographyPoint" SRID="4326"/></ComplexType>
            """)
        let (text, _) = try Snippets.render(document, type: "AirportLocation")
        #expect(text == #"""
            /// Includes the properties of its base type `Test.Location`.
            ///
            /// - Remark: Generated from complex type `Test.AirportLocation` (Snippet.xml:5).
            public struct AirportLocation: MobileSdk.ComplexValue {
                public var attributes: [Swift.String: MobileSdk.AttributeValue]

                public init(attributes: [Swift.String: MobileSdk.AttributeValue] = [:]) {
                    self.attributes = attributes
                }

                /// How each property is typed and named in payloads.
                public static var propertyMetadata: [MobileSdk.PropertyMetadata] {
                    MobileSdk.PropertyMetadata.table("""
                        City string
                        Point geography
                        """)
                }

                /// - Remark: Generated from property `City` of type `Edm.String` (Snippet.xml:4).
                public var city: Swift.String? {
                    get { attributes.value("City") }
                    set { attributes.set(newValue, for: "City") }
                }

                /// - Remark: Generated from property `Point` of type `Edm.GeographyPoint` (Snippet.xml:5).
                public var point: MobileSdk.SpatialValue? {
                    get { attributes.value("Point") }
                    set { attributes.set(newValue, for: "Point") }
                }
            }

            """#)
    }

    @Test func enumType() throws {
        let document = Snippets.csdl("""
                  <EnumType Name="Color"><Member Name="Red"/><Member Name="default"/><Member Name="DARK_GREEN"/></EnumType>
            """)
        let (text, _) = try Snippets.render(document, type: "Color")
        #expect(text == """
            /// - Remark: Generated from enum type `Test.Color` (Snippet.xml:4).
            public enum Color: Swift.String, MobileSdk.EdmEnumeration, Swift.CaseIterable, Swift.Sendable {
                case red = "Red"
                case `default` = "default"
                case darkGreen = "DARK_GREEN"

                private static let byRawValue: [Swift.String: Color] = Swift.Dictionary(allCases.map({ ($0.rawValue, $0) }), uniquingKeysWith: { first, _ in first })

                public init?(rawValue: Swift.String) {
                    switch Self.byRawValue[rawValue] {
                    case let value?: self = value
                    case nil: return nil
                    }
                }

                public static var edmTypeName: Swift.String? { "Test.Color" }
            }

            """)
    }

    @Test func flagsEnumType() throws {
        let document = Snippets.csdl("""
                  <EnumType Name="Access" IsFlags="true"><Member Name="None" Value="0"/><Member Name="Read" Value="1"/><Member Name="Write" Value="2"/></EnumType>
            """)
        let (text, _) = try Snippets.render(document, type: "Access")
        #expect(text == """
            /// - Remark: Generated from enum type `Test.Access` (Snippet.xml:4).
            public struct Access: MobileSdk.EdmFlagsEnumeration {
                public var rawValue: Swift.Int64

                public init(rawValue: Swift.Int64) {
                    self.rawValue = rawValue
                }

                public static let noneValue: Access = []
                public static let read: Access = Access(rawValue: 1)
                public static let write: Access = Access(rawValue: 2)

                public static var edmTypeName: Swift.String? { "Test.Access" }

                public static let memberNames: [(name: Swift.String, value: Swift.Int64)] = [("None", 0), ("Read", 1), ("Write", 2)]
            }

            """)
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
        #expect(text == """
            /// - Remark: Generated from the local picklist option set `account_industrycode` (Snippet.xml:8).
            public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration, Swift.Sendable {
                /// Accounting
                ///
                /// - Remark: Value 1.
                case accounting

                /// - Remark: Value -2.
                case valueMinus2

                /// A value the metadata did not list.
                case unknown(Swift.Int32)

                private static let known: [AccountIndustryCode] = [.accounting, .valueMinus2]
                private static let byRawValue: [Swift.Int32: AccountIndustryCode] = Swift.Dictionary(known.map({ ($0.rawValue, $0) }), uniquingKeysWith: { first, _ in first })

                public init(rawValue: Swift.Int32) {
                    self = Self.byRawValue[rawValue] ?? .unknown(rawValue)
                }

                public var rawValue: Swift.Int32 {
                    switch self {
                    case .accounting: 1
                    case .valueMinus2: -2
                    case .unknown(let value): value
                    }
                }

                /// The option's label in the language the metadata was read in; nil for unknown values.
                public var label: Swift.String? {
                    switch self {
                    case .accounting: "Accounting"
                    case .valueMinus2: nil
                    case .unknown: nil
                    }
                }
            }

            """)
    }
}
