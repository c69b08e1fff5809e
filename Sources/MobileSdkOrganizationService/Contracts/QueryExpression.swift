import MobileSdk

/// A query of the organization service (`QueryExpression`): an entity's columns, a filter, links to related
/// entities, an order and a page.
public struct QueryExpression {
    /// The entity queried, by logical name.
    public var entityName: String
    /// The columns returned.
    public var columnSet: ColumnSet
    /// The filter.
    public var criteria: Filter
    /// Related entities joined in.
    public var linkEntities: [LinkEntity]
    /// The order, first key first.
    public var orders: [Order]
    /// The page to return.
    public var pageInfo: PageInfo?
    /// Whether duplicate rows are removed.
    public var distinct: Bool
    /// At most this many records, without paging.
    public var topCount: Int?

    /// A query of `entityName`'s `columnSet`, every record unless `criteria` filters them.
    public init(
        _ entityName: String,
        columnSet: ColumnSet = ColumnSet([]),
        criteria: Filter = Filter(),
        linkEntities: [LinkEntity] = [],
        orders: [Order] = [],
        pageInfo: PageInfo? = nil,
        distinct: Bool = false,
        topCount: Int? = nil
    ) {
        self.entityName = entityName
        self.columnSet = columnSet
        self.criteria = criteria
        self.linkEntities = linkEntities
        self.orders = orders
        self.pageInfo = pageInfo
        self.distinct = distinct
        self.topCount = topCount
    }

    /// Conditions combined with `and` or `or`, and nested filters (`FilterExpression`).
    public struct Filter {
        /// How the conditions and nested filters combine.
        public var filterOperator: LogicalOperator
        /// The conditions on attributes.
        public var conditions: [Condition]
        /// Nested filters, combined with the conditions.
        public var filters: [Filter]

        /// A filter of `conditions` and `filters`, all of which must hold unless `filterOperator` is `.or`.
        public init(_ filterOperator: LogicalOperator = .and, conditions: [Condition] = [], filters: [Filter] = []) {
            self.filterOperator = filterOperator
            self.conditions = conditions
            self.filters = filters
        }
    }

    /// `And` or `Or`.
    public enum LogicalOperator: String, Sendable {
        case and = "And"
        case or = "Or"
    }

    /// One condition on an attribute (`ConditionExpression`): `Equal`, `In`, `LastXDays`… with its values.
    public struct Condition {
        /// The attribute, by logical name.
        public var attributeName: String
        /// The operator's name as the service spells it, such as `"Equal"` or `"LastXDays"`.
        public var conditionOperator: String
        /// The operator's values: none for `Null`, one for `Equal`, several for `In`.
        public var values: [AttributeValue]
        /// The linked entity's alias the attribute belongs to; nil for the queried entity.
        public var entityName: String?

        /// `attributeName operator values`.
        public init(
            _ attributeName: String,
            _ conditionOperator: String,
            _ values: [AttributeValue] = [],
            entityName: String? = nil
        ) {
            self.attributeName = attributeName
            self.conditionOperator = conditionOperator
            self.values = values
            self.entityName = entityName
        }
    }

    /// A sort key (`OrderExpression`).
    public struct Order: Sendable {
        /// The attribute sorted by.
        public var attributeName: String
        /// Whether the order is descending.
        public var descending: Bool

        /// Sorts by `attributeName`, ascending unless `descending`.
        public init(_ attributeName: String, descending: Bool = false) {
            self.attributeName = attributeName
            self.descending = descending
        }
    }

    /// A related entity joined in (`LinkEntity`).
    public struct LinkEntity {
        /// The entity linked from, and its attribute.
        public var linkFromEntityName: String
        /// The attribute of the entity linked from.
        public var linkFromAttributeName: String
        /// The entity joined in.
        public var linkToEntityName: String
        /// The attribute of the entity joined in that equals the other.
        public var linkToAttributeName: String
        /// How the records join.
        public var joinOperator: JoinOperator
        /// The columns of the linked entity returned (as aliased values).
        public var columns: ColumnSet
        /// The alias the linked entity's columns are returned under.
        public var entityAlias: String?
        /// A filter on the linked entity.
        public var linkCriteria: Filter
        /// Entities linked from this one.
        public var linkEntities: [LinkEntity]

        /// Joins `to`'s records whose `toAttribute` equals `from`'s `fromAttribute`.
        public init(
            from linkFromEntityName: String,
            _ linkFromAttributeName: String,
            to linkToEntityName: String,
            _ linkToAttributeName: String,
            joinOperator: JoinOperator = .inner,
            columns: ColumnSet = ColumnSet([]),
            entityAlias: String? = nil,
            linkCriteria: Filter = Filter(),
            linkEntities: [LinkEntity] = []
        ) {
            self.linkFromEntityName = linkFromEntityName
            self.linkFromAttributeName = linkFromAttributeName
            self.linkToEntityName = linkToEntityName
            self.linkToAttributeName = linkToAttributeName
            self.joinOperator = joinOperator
            self.columns = columns
            self.entityAlias = entityAlias
            self.linkCriteria = linkCriteria
            self.linkEntities = linkEntities
        }
    }

    /// How a link joins (`JoinOperator`).
    public enum JoinOperator: String, Sendable {
        case inner = "Inner"
        case leftOuter = "LeftOuter"
        case natural = "Natural"
    }

    /// The page of results to return (`PagingInfo`): the paging cookie of the page before makes the next one fast.
    public struct PageInfo: Sendable {
        /// Records per page.
        public var count: Int
        /// The page, from 1.
        public var pageNumber: Int
        /// The cookie of the page before, from its `EntityCollection`.
        public var pagingCookie: String?
        /// Whether the total count is returned too.
        public var returnTotalRecordCount: Bool

        /// Page `pageNumber` (from 1) of `count` records.
        public init(count: Int, pageNumber: Int = 1, pagingCookie: String? = nil, returnTotalRecordCount: Bool = false)
        {
            self.count = count
            self.pageNumber = pageNumber
            self.pagingCookie = pagingCookie
            self.returnTotalRecordCount = returnTotalRecordCount
        }
    }
}
