import Foundation
import MobileSdk
private enum _MobileSdkRuntimeCheck: MobileSdk.MobileSdkRuntimeVersion1 {}
/// Stand-in for the generated enum of the Dataverse `account.industrycode` option set.
public enum AccountIndustryCode: MobileSdk.OptionSetEnumeration {
    case accounting, agriculture
    case unknown(Swift.Int32)
    /// The options with their values and labels: Accounting is 1, Agriculture 2.
    public static let options = MobileSdk.OptionTable<AccountIndustryCode>(
        (.accounting, 1, "Accounting"),
        (.agriculture, 2, "Agriculture")
    )
}
open class Account: MobileSdk.Entity {
    open override class var entityLogicalName: Swift.String { "account" }
    open override class var entityQualifiedName: Swift.String? { "Microsoft.Dynamics.CRM.account" }
    open override class var primaryIdAttribute: Swift.String? { "accountid" }
    /// The `name` attribute.
    public var name: Swift.String? {
        get { getValue("name") }
        set { setValue(newValue, for: "name") }
    }
    /// The `industrycode` option set attribute.
    public var industryCode: AccountIndustryCode? {
        get { getValue("industrycode") }
        set { setValue(newValue, for: "industrycode") }
    }
    /// The `parentaccountid` lookup.
    public var parentAccountId: MobileSdk.EntityReference? {
        get { getValue("parentaccountid") }
        set { setValue(newValue, for: "parentaccountid") }
    }
    /// The `revenue` money attribute.
    public var revenue: MobileSdk.Money? {
        get { getValue("revenue") }
        set { setValue(newValue, for: "revenue") }
    }
    /// The contacts related through `contact_customer_accounts`.
    public var contacts: [Contact]? {
        get { getRelatedCollection("contact_customer_accounts") }
        set { setRelatedCollection(newValue, for: "contact_customer_accounts") }
    }
}
open class Contact: MobileSdk.Entity { open override class var entityLogicalName: Swift.String { "contact" } }
