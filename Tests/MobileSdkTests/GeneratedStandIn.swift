import Foundation
import MobileSdk
private enum _MobileSdkRuntimeCheck: MobileSdk.MobileSdkRuntimeVersion1 {}
public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration {
    case accounting, agriculture
    case unknown(Swift.Int32)
    public static let options = MobileSdk.OptionTable<AccountIndustryCode>(
        (.accounting, 1, "Accounting"),
        (.agriculture, 2, "Agriculture")
    )
}
open class Account: MobileSdk.Entity {
    open override class var entityLogicalName: Swift.String { "account" }
    open override class var entityQualifiedName: Swift.String? { "Microsoft.Dynamics.CRM.account" }
    open override class var primaryIdAttribute: Swift.String? { "accountid" }
    public var name: Swift.String? {
        get { getValue("name") }
        set { setValue(newValue, for: "name") }
    }
    public var industryCode: AccountIndustryCode? {
        get { getValue("industrycode") }
        set { setValue(newValue, for: "industrycode") }
    }
    public var parentAccountId: MobileSdk.EntityReference? {
        get { getValue("parentaccountid") }
        set { setValue(newValue, for: "parentaccountid") }
    }
    public var revenue: MobileSdk.Money? {
        get { getValue("revenue") }
        set { setValue(newValue, for: "revenue") }
    }
    public var contacts: [Contact]? {
        get { getRelatedCollection("contact_customer_accounts") }
        set { setRelatedCollection(newValue, for: "contact_customer_accounts") }
    }
}
open class Contact: MobileSdk.Entity { open override class var entityLogicalName: Swift.String { "contact" } }
