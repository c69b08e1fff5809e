import Foundation
import MobileSdk

// Hand-written stand-ins for generated CSDL enumerations and complex types (TripPin-like).

public enum PersonGender: MobileSdk.EdmEnumeration {
    case male, female, unknown
    public static var memberNames: [Swift.String] { ["Male", "Female", "Unknown"] }
}

public struct Feature: MobileSdk.EdmFlagsEnumeration {
    public let rawValue: Swift.Int64
    public init(rawValue: Swift.Int64) { self.rawValue = rawValue }
    public static let none: Feature = []
    public static let wifi = Feature(rawValue: 1)
    public static let powerOutlet = Feature(rawValue: 2)
    public static let tv = Feature(rawValue: 4)
    public static let memberNames: [(name: Swift.String, value: Swift.Int64)] = [
        ("None", 0), ("Wifi", 1), ("PowerOutlet", 2), ("TV", 4),
    ]
}

public struct City: MobileSdk.ComplexValue {
    public var attributes: [Swift.String: MobileSdk.AttributeValue]
    public init(attributes: [Swift.String: MobileSdk.AttributeValue]) { self.attributes = attributes }
    public var name: Swift.String? {
        get { attributes.value("Name") }
        set { attributes.set(newValue, for: "Name") }
    }
    public var region: Swift.String? {
        get { attributes.value("Region") }
        set { attributes.set(newValue, for: "Region") }
    }
}

public struct Location: MobileSdk.ComplexValue {
    public var attributes: [Swift.String: MobileSdk.AttributeValue]
    public init(attributes: [Swift.String: MobileSdk.AttributeValue]) { self.attributes = attributes }
    public var address: Swift.String? {
        get { attributes.value("Address") }
        set { attributes.set(newValue, for: "Address") }
    }
    public var city: City? {
        get { attributes.value("City") }
        set { attributes.set(newValue, for: "City") }
    }
    public var tags: [Swift.String]? {
        get { attributes.values("Tags") }
        set { attributes.set(newValue, for: "Tags") }
    }
}
