import Foundation
import MobileSdk

// Hand-written stand-ins for generated CSDL enumerations and complex types (TripPin-like).

/// Stand-in for the generated enum of TripPin's `PersonGender`.
public enum PersonGender: MobileSdk.EdmEnumeration {
    case male, female, unknown
    /// The members' CSDL names, in the order of the cases.
    public static var memberNames: [Swift.String] { ["Male", "Female", "Unknown"] }
}

/// Stand-in for the generated option set of a CSDL flags enumeration `Feature`.
public struct Feature: MobileSdk.EdmFlagsEnumeration {
    /// The bits of the members it contains.
    public let rawValue: Swift.Int64
    /// Creates a value from its member bits.
    public init(rawValue: Swift.Int64) { self.rawValue = rawValue }
    /// The `None` member, value 0.
    public static let none: Feature = []
    /// The `Wifi` member, value 1.
    public static let wifi = Feature(rawValue: 1)
    /// The `PowerOutlet` member, value 2.
    public static let powerOutlet = Feature(rawValue: 2)
    /// The `TV` member, value 4.
    public static let tv = Feature(rawValue: 4)
    /// Each member's CSDL name and value.
    public static let memberNames: [(name: Swift.String, value: Swift.Int64)] = [
        ("None", 0), ("Wifi", 1), ("PowerOutlet", 2), ("TV", 4),
    ]
}

/// Stand-in for the generated struct of a TripPin-like `City` complex type.
public struct City: MobileSdk.ComplexValue {
    /// The properties by CSDL name.
    public var attributes: [Swift.String: MobileSdk.AttributeValue]
    /// Creates a city with these properties.
    public init(attributes: [Swift.String: MobileSdk.AttributeValue]) { self.attributes = attributes }
    /// The `Name` property.
    public var name: Swift.String? {
        get { attributes.value("Name") }
        set { attributes.set(newValue, for: "Name") }
    }
    /// The `Region` property.
    public var region: Swift.String? {
        get { attributes.value("Region") }
        set { attributes.set(newValue, for: "Region") }
    }
}

/// Stand-in for the generated struct of a TripPin-like `Location` complex type.
public struct Location: MobileSdk.ComplexValue {
    /// The properties by CSDL name.
    public var attributes: [Swift.String: MobileSdk.AttributeValue]
    /// Creates a location with these properties.
    public init(attributes: [Swift.String: MobileSdk.AttributeValue]) { self.attributes = attributes }
    /// The `Address` property.
    public var address: Swift.String? {
        get { attributes.value("Address") }
        set { attributes.set(newValue, for: "Address") }
    }
    /// The `City` property, a nested complex value.
    public var city: City? {
        get { attributes.value("City") }
        set { attributes.set(newValue, for: "City") }
    }
    /// The `Tags` property, a collection of strings.
    public var tags: [Swift.String]? {
        get { attributes.values("Tags") }
        set { attributes.set(newValue, for: "Tags") }
    }
}
