import Foundation

/// Dataverse's query functions (`Microsoft.Dynamics.CRM.LastXDays` and the others of its Web API) as typed filter
/// conditions: `Query<Account>().filter { $0.createdOn.lastXDays(7) && $0.revenue > 1_000 }`. Only Dataverse
/// evaluates them; another service, OData v2 and an offline store refuse them with an error.
extension Field where Value == Date {
    /// In the last `count` days (`LastXDays`); the other periods alike.
    public func lastXDays(_ count: Int) -> FilterExpression<Root> { counted("LastXDays", count) }
    /// In the next `count` days (`NextXDays`).
    public func nextXDays(_ count: Int) -> FilterExpression<Root> { counted("NextXDays", count) }
    /// Older than `count` days (`OlderThanXDays`).
    public func olderThanXDays(_ count: Int) -> FilterExpression<Root> { counted("OlderThanXDays", count) }
    /// In the last `count` hours (`LastXHours`).
    public func lastXHours(_ count: Int) -> FilterExpression<Root> { counted("LastXHours", count) }
    /// In the last `count` weeks (`LastXWeeks`).
    public func lastXWeeks(_ count: Int) -> FilterExpression<Root> { counted("LastXWeeks", count) }
    /// In the last `count` months (`LastXMonths`).
    public func lastXMonths(_ count: Int) -> FilterExpression<Root> { counted("LastXMonths", count) }
    /// In the last `count` years (`LastXYears`).
    public func lastXYears(_ count: Int) -> FilterExpression<Root> { counted("LastXYears", count) }

    /// Today, in the user's time zone (`Today`).
    public func isToday() -> FilterExpression<Root> { dataverse("Today") }
    /// Yesterday (`Yesterday`).
    public func isYesterday() -> FilterExpression<Root> { dataverse("Yesterday") }
    /// Tomorrow (`Tomorrow`).
    public func isTomorrow() -> FilterExpression<Root> { dataverse("Tomorrow") }
    /// This week (`ThisWeek`).
    public func isThisWeek() -> FilterExpression<Root> { dataverse("ThisWeek") }
    /// This month (`ThisMonth`).
    public func isThisMonth() -> FilterExpression<Root> { dataverse("ThisMonth") }
    /// This year (`ThisYear`).
    public func isThisYear() -> FilterExpression<Root> { dataverse("ThisYear") }

    private func counted(_ name: String, _ count: Int) -> FilterExpression<Root> {
        dataverse(name, .value(.int64(Int64(count))))
    }
}

extension Field where Value == UUID {
    /// The record is below `id` in the table's hierarchy (`Under`), for a table with a hierarchical relationship.
    public func isUnder(_ id: UUID) -> FilterExpression<Root> { hierarchy("Under", id) }
    /// The record is `id` or below it (`UnderOrEqual`).
    public func isUnderOrEqual(_ id: UUID) -> FilterExpression<Root> { hierarchy("UnderOrEqual", id) }
    /// The record is above `id` in the hierarchy (`Above`).
    public func isAbove(_ id: UUID) -> FilterExpression<Root> { hierarchy("Above", id) }
    /// The record is not below `id` (`NotUnder`).
    public func isNotUnder(_ id: UUID) -> FilterExpression<Root> { hierarchy("NotUnder", id) }

    private func hierarchy(_ name: String, _ id: UUID) -> FilterExpression<Root> { dataverse(name, .value(.guid(id))) }
}

extension Field where Value == EntityReference {
    /// The lookup names the signed-in user (`EqualUserId`), such as `$0.ownerId.isCurrentUser()`.
    public func isCurrentUser() -> FilterExpression<Root> { dataverse("EqualUserId") }
    /// The lookup names the signed-in user or one of the user's teams (`EqualUserOrUserTeams`).
    public func isCurrentUserOrTheirTeams() -> FilterExpression<Root> { dataverse("EqualUserOrUserTeams") }
    /// The lookup names the signed-in user's business unit (`EqualBusinessId`).
    public func isCurrentBusinessUnit() -> FilterExpression<Root> { dataverse("EqualBusinessId") }
}

extension Field where Value: AttributeValueConvertible {
    /// The value is one of `values` (`Microsoft.Dynamics.CRM.In`), Dataverse's counterpart of ``isIn(_:)``.
    public func isInValues(_ values: [Value]) -> FilterExpression<Root> {
        dataverse("In", .values(values.map(\.attributeValue)))
    }

    /// The value is between `lower` and `upper`, both included (`Between`).
    public func isBetween(_ lower: Value, and upper: Value) -> FilterExpression<Root> {
        dataverse("Between", .values([lower.attributeValue, upper.attributeValue]))
    }
}

extension Field {
    /// The Dataverse query function `name` of this attribute.
    func dataverse(_ name: String, _ arguments: FilterNode.FunctionArguments = .none) -> FilterExpression<Root> {
        FilterExpression(.dataverseFunction(name: name, path: path, arguments: arguments))
    }
}
