import Foundation
import MobileSdk
fileprivate enum _MobileSdkRuntimeCheck: MobileSdk.MobileSdkRuntimeVersion1 {}
public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration {
    case accounting, agriculture
    case unknown(Swift.Int32)
    public init(rawValue: Swift.Int32) { switch rawValue { case 1: self = .accounting; case 2: self = .agriculture; default: self = .unknown(rawValue) } }
    public var rawValue: Swift.Int32 { switch self { case .accounting: 1; case .agriculture: 2; case .unknown(let value): value } }
    public var label: Swift.String? { switch self { case .accounting: "Accounting"; case .agriculture: "Agriculture"; case .unknown: nil } }
}
open class Account: MobileSdk.Entity {
    open override class var entityLogicalName: Swift.String { "account" }
    open override class var entityQualifiedName: Swift.String? { "Microsoft.Dynamics.CRM.account" }
    open override class var primaryIdAttribute: Swift.String? { "accountid" }
    public var name: Swift.String? { get { getValue("name") } set { setValue(newValue, for: "name") } }
    public var industryCode: AccountIndustryCode? { get { getValue("industrycode") } set { setValue(newValue, for: "industrycode") } }
    public var parentAccountId: MobileSdk.EntityReference? { get { getValue("parentaccountid") } set { setValue(newValue, for: "parentaccountid") } }
    public var revenue: MobileSdk.Money? { get { getValue("revenue") } set { setValue(newValue, for: "revenue") } }
    public var contacts: [Contact]? { get { getRelatedCollection("contact_customer_accounts") } set { setRelatedCollection(newValue, for: "contact_customer_accounts") } }
}
open class Contact: MobileSdk.Entity { open override class var entityLogicalName: Swift.String { "contact" } }
