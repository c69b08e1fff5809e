import Foundation

/// The properties of `Subject` in a filter, by key path: `$0.name`, `$0.parentcustomeridAccount.name`. `Root` is the
/// class the query reads; `Subject` differs inside `any` and `all`.
@dynamicMemberLookup public struct Fields<Root: Entity, Subject: Entity> {
    let prefix: [String?]
    /// Lambda nesting, for variable names.
    let depth: Int

    /// A property of `Subject` by key path, typed as the generated class types it: `$0.name`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Subject, Value?>) -> Field<Root, Value> {
        Field(path: PropertyPath.of(keyPath, after: prefix), depth: depth)
    }
}

/// One property in a filter, typed as the generated class types it: comparing it with a value of another type does
/// not compile.
@dynamicMemberLookup public struct Field<Root: Entity, Value> {
    let path: PropertyPath
    let depth: Int

    /// A property of a related entity: `$0.parentcustomeridAccount.name`.
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member?>) -> Field<Root, Member> where Value: Entity
    { Field<Root, Member>(path: PropertyPath.of(keyPath, after: path.segments), depth: depth) }

    /// A property of a complex value: `$0.homeAddress.city` (`HomeAddress/City`).
    public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member?>) -> Field<Root, Member>
    where Value: ComplexValue {
        Field<Root, Member>(path: PropertyPath.of(keyPath, after: path.segments), depth: depth)
    }
}

extension Field where Value: AttributeValueConvertible {
    /// `eq`; `nil` tests for null.
    public static func == (lhs: Field, rhs: Value?) -> FilterExpression<Root> {
        FilterExpression(
            .compare(path: lhs.path, operator: .eq, value: rhs?.attributeValue ?? .null, enumType: enumTypeName)
        )
    }

    /// `ne`; `nil` tests for a value.
    public static func != (lhs: Field, rhs: Value?) -> FilterExpression<Root> {
        FilterExpression(
            .compare(path: lhs.path, operator: .ne, value: rhs?.attributeValue ?? .null, enumType: enumTypeName)
        )
    }

    /// Equal to one of `values` (`p eq a or p eq b`, which every OData version accepts).
    public func isIn(_ values: [Value]) -> FilterExpression<Root> {
        FilterExpression(.isIn(path: path, values: values.map(\.attributeValue), enumType: Self.enumTypeName))
    }

    /// The qualified name of a generated enumeration type.
    private static var enumTypeName: String? {
        (Value.self as? any EdmEnumeration.Type)?.edmTypeName
            ?? (Value.self as? any EdmFlagsEnumeration.Type)?.edmTypeName
    }
}

extension Field where Value: AttributeValueConvertible & Comparable {
    /// `lt`: the property is less than `rhs`.
    public static func < (lhs: Field, rhs: Value) -> FilterExpression<Root> {
        FilterExpression(.compare(path: lhs.path, operator: .lt, value: rhs.attributeValue, enumType: nil))
    }

    /// `le`: the property is less than or equal to `rhs`.
    public static func <= (lhs: Field, rhs: Value) -> FilterExpression<Root> {
        FilterExpression(.compare(path: lhs.path, operator: .le, value: rhs.attributeValue, enumType: nil))
    }

    /// `gt`: the property is greater than `rhs`.
    public static func > (lhs: Field, rhs: Value) -> FilterExpression<Root> {
        FilterExpression(.compare(path: lhs.path, operator: .gt, value: rhs.attributeValue, enumType: nil))
    }

    /// `ge`: the property is greater than or equal to `rhs`.
    public static func >= (lhs: Field, rhs: Value) -> FilterExpression<Root> {
        FilterExpression(.compare(path: lhs.path, operator: .ge, value: rhs.attributeValue, enumType: nil))
    }
}

extension Field where Value == String {
    /// `contains(p,'text')` (`substringof('text',p)` in OData v2).
    public func contains(_ text: String) -> FilterExpression<Root> {
        FilterExpression(.stringFunction(.contains, path: path, value: text))
    }

    /// `startswith(p,'text')`.
    public func hasPrefix(_ text: String) -> FilterExpression<Root> {
        FilterExpression(.stringFunction(.startsWith, path: path, value: text))
    }

    /// `endswith(p,'text')`.
    public func hasSuffix(_ text: String) -> FilterExpression<Root> {
        FilterExpression(.stringFunction(.endsWith, path: path, value: text))
    }
}

extension Field where Value: Collection, Value.Element: Entity {
    /// Some related entity matches: `p/any(x0:x0/name eq 'a')`.
    public func any(_ predicate: (Fields<Root, Value.Element>) -> FilterExpression<Root>) -> FilterExpression<Root> {
        lambda(all: false, predicate)
    }

    /// Every related entity matches: `p/all(x0:…)`.
    public func all(_ predicate: (Fields<Root, Value.Element>) -> FilterExpression<Root>) -> FilterExpression<Root> {
        lambda(all: true, predicate)
    }

    private func lambda(all: Bool, _ predicate: (Fields<Root, Value.Element>) -> FilterExpression<Root>)
        -> FilterExpression<Root>
    {
        let variable = "x\(depth)"
        let body = predicate(Fields(prefix: [variable], depth: depth + 1))
        return FilterExpression(.lambda(path: path, all: all, variable: variable, body: body.node))
    }
}

extension Field where Value: Collection, Value.Element: AttributeValueConvertible {
    /// Some element matches: `Emails/any(x0:x0 eq 'a')`.
    public func any(_ predicate: (Field<Root, Value.Element>) -> FilterExpression<Root>) -> FilterExpression<Root> {
        let variable = "x\(depth)"
        let body = predicate(Field<Root, Value.Element>(path: PropertyPath(segments: [variable]), depth: depth + 1))
        return FilterExpression(.lambda(path: path, all: false, variable: variable, body: body.node))
    }

    /// Every element matches: `Emails/all(x0:…)`.
    public func all(_ predicate: (Field<Root, Value.Element>) -> FilterExpression<Root>) -> FilterExpression<Root> {
        let variable = "x\(depth)"
        let body = predicate(Field<Root, Value.Element>(path: PropertyPath(segments: [variable]), depth: depth + 1))
        return FilterExpression(.lambda(path: path, all: true, variable: variable, body: body.node))
    }
}
