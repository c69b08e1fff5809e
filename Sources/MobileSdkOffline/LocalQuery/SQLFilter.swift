import GRDB
import MobileSdk

/// Translates a query's filter, orderings and paths into SQL over the store's tables, with the values as arguments.
/// `eq` and `ne` treat null as a value (`eq null` tests for null, `ne 5` holds for null), as OData says; an ordering
/// comparison or a string function of null is unknown, and so is its negation, as in the services' own evaluation
/// (odatapy's, and the SQL databases behind Dataverse and SAP Gateway): `not (Age lt 30)` leaves out a null age.
struct SQLFilter {
    let schema: StoreSchema
    /// The arguments of the SQL written so far, in order.
    private(set) var arguments: [DatabaseValue] = []
    private var aliasCount = 0

    init(schema: StoreSchema) { self.schema = schema }

    /// Where a path starts: a table under an alias, and the lambda variables in scope.
    struct Scope {
        var alias: String
        var table: EntityTable
        var variables: [String: Variable] = [:]
    }

    /// What a lambda variable stands for.
    enum Variable {
        /// A related record, under an alias.
        case record(alias: String, table: EntityTable)
        /// An element of a collection of primitive values: an SQL expression and the element's column.
        case element(sql: String, column: EntityTable.Column)
    }

    /// A path resolved to an SQL expression and the column whose values it yields.
    struct Operand {
        let sql: String
        let column: EntityTable.Column

        /// The expression as it compares: decimals as numbers, lookups by their GUID.
        var comparable: String {
            switch column.kind {
            case .decimal: "CAST(\(sql) AS REAL)"
            case .lookup: "substr(\(sql), 1, 36)"
            default: sql
            }
        }
    }

    /// The SQL condition of `node`.
    mutating func condition(_ node: FilterNode, in scope: Scope) throws -> String {
        switch node {
        case .compare(let path, let op, let value, _):
            let operand = try resolve(path, in: scope)
            let literal = try argument(value, for: operand)
            switch op {
            case .eq: return "(\(operand.comparable) IS \(literal))"
            case .ne: return "(\(operand.comparable) IS NOT \(literal))"
            case .lt: return "(\(operand.comparable) < \(literal))"
            case .le: return "(\(operand.comparable) <= \(literal))"
            case .gt: return "(\(operand.comparable) > \(literal))"
            case .ge: return "(\(operand.comparable) >= \(literal))"
            }
        case .stringFunction(let function, let path, let value):
            let operand = try resolve(path, in: scope)
            guard operand.column.kind == .text else {
                throw OfflineStoreError.unsupportedQuery("\(function.rawValue) of \(operand.column.name), not a string")
            }
            // Compared by characters as SQLite counts them, never with LIKE (which ignores ASCII case).
            let needle = value.databaseValue
            switch function {
            case .contains: return "COALESCE(instr(\(operand.sql), \(push(needle))) > 0, 0)"
            case .startsWith: return "COALESCE(substr(\(operand.sql), 1, length(\(push(needle)))) = \(push(needle)), 0)"
            case .endsWith:
                return "COALESCE(length(\(push(needle))) = 0 OR substr(\(operand.sql), -length(\(push(needle))))"
                    + " = \(push(needle)), 0)"
            }
        case .isIn(let path, let values, _):
            guard !values.isEmpty else { return "0" }
            let operand = try resolve(path, in: scope)
            let literals = try values.map { try argument($0, for: operand) }
            return "(\(operand.comparable) IN (\(literals.joined(separator: ", "))))"
        case .and(let lhs, let rhs): return "(\(try condition(lhs, in: scope)) AND \(try condition(rhs, in: scope)))"
        case .or(let lhs, let rhs): return "(\(try condition(lhs, in: scope)) OR \(try condition(rhs, in: scope)))"
        case .not(let operand): return "(NOT \(try condition(operand, in: scope)))"
        case .lambda(let path, let all, let variable, let body):
            return try lambda(path, all: all, variable: variable, body: body, in: scope)
        case .recordState(let state):
            let column =
                switch state {
                case .isLocal: EntityTable.System.isLocal
                case .hasPendingChanges: EntityTable.System.hasPendingChanges
                case .inErrorState: EntityTable.System.inErrorState
                }
            return "(\(scope.alias).\(column.quotedDatabaseIdentifier) = 1)"
        case .raw(let text):
            throw OfflineStoreError.unsupportedOffline(
                "a filter written as text (\(text)) is the service's to evaluate"
            )
        case .dataverseFunction(let name, _, _):
            throw OfflineStoreError.unsupportedOffline(
                "Dataverse's query function \(name) is the service's to evaluate"
            )
        }
    }

    /// The SQL of an ordering's path.
    mutating func ordering(_ path: PropertyPath, in scope: Scope) throws -> String {
        try resolve(path, in: scope).comparable
    }

    /// A fresh table alias.
    mutating func newAlias() -> String {
        aliasCount += 1
        return "t\(aliasCount)"
    }

    /// `?`, with `value` appended to the arguments.
    mutating func push(_ value: DatabaseValue) -> String {
        arguments.append(value)
        return "?"
    }

    private mutating func argument(_ value: AttributeValue, for operand: Operand) throws -> String {
        if operand.column.kind == .lookup, case .entityReference(let reference) = value {
            return push(reference.id.uuidString.lowercased().databaseValue)
        }
        let stored = try ColumnValue.encode(value, for: operand.column)
        return operand.column.kind == .decimal ? "CAST(\(push(stored)) AS REAL)" : push(stored)
    }

    /// `path` from `scope`: a column of the scope's table, of a lambda variable's record or element, or of a
    /// record a single-valued navigation leads to (a subquery over the links).
    private mutating func resolve(_ path: PropertyPath, in scope: Scope) throws -> Operand {
        var segments = try names(path)
        var alias = scope.alias
        var table = scope.table
        if let first = segments.first, let variable = scope.variables[first] {
            segments.removeFirst()
            switch variable {
            case .record(let recordAlias, let recordTable):
                alias = recordAlias
                table = recordTable
            case .element(let sql, let column):
                guard segments.isEmpty else {
                    throw OfflineStoreError.unsupportedQuery("a path into an element of \(column.name)")
                }
                return Operand(sql: sql, column: column)
            }
        }
        return try resolve(segments[...], from: alias, table)
    }

    private mutating func resolve(_ segments: ArraySlice<String>, from alias: String, _ table: EntityTable) throws
        -> Operand
    {
        guard let name = segments.first else { throw OfflineStoreError.unsupportedQuery("an empty property path") }
        if segments.count == 1 {
            guard let column = table.column(propertyName: name) else {
                throw OfflineStoreError.unsupportedQuery("\(name) is no property the store keeps of \(table.type)")
            }
            guard column.kind.isComparable else {
                throw OfflineStoreError.unsupportedQuery("\(name) (\(column.property.type)) cannot be compared locally")
            }
            return Operand(sql: "\(alias).\(column.name.quotedDatabaseIdentifier)", column: column)
        }
        if let column = table.column(propertyName: name), case .complex = column.property.type,
            !column.property.isCollection
        {
            return try complexMember(segments.dropFirst(), of: column, alias: alias)
        }
        guard let navigation = table.navigations[name], !navigation.isCollection else {
            throw OfflineStoreError.unsupportedQuery("\(name) is no single-valued navigation property of \(table.type)")
        }
        let target = try schema.table(for: navigation.target)
        let link = newAlias()
        let related = newAlias()
        let inner = try resolve(segments.dropFirst(), from: related, target)
        let sql = "(SELECT \(inner.sql) FROM \(linkJoin(link, related, target, source: alias, table, name)) LIMIT 1)"
        return Operand(sql: sql, column: inner.column)
    }

    /// A property of a complex value, read from the column's tagged JSON (`{"complex": {"City": {"string": …}}}`).
    private func complexMember(_ segments: ArraySlice<String>, of column: EntityTable.Column, alias: String) throws
        -> Operand
    {
        var jsonPath = "$"
        var property = column.property
        for name in segments {
            guard case .complex(let type) = property.type, !property.isCollection,
                let member = type.propertyMetadata.first(where: { $0.propertyName == name })
            else { throw OfflineStoreError.unsupportedQuery("\(name) is no member of \(property.name)") }
            jsonPath += ".complex." + Self.jsonKey(member.name)
            property = member
        }
        let element = PropertyMetadata(column.name, property.type, propertyName: property.propertyName)
        let kind = ColumnKind(element)
        guard !property.isCollection, kind.isComparable, let tag = Self.tag(of: property.type) else {
            throw OfflineStoreError.unsupportedQuery("\(property.name) (\(property.type)) cannot be compared locally")
        }
        jsonPath += "." + tag
        let sql = "json_extract(\(alias).\(column.name.quotedDatabaseIdentifier), '\(jsonPath)')"
        return Operand(sql: sql, column: EntityTable.Column(property: element, kind: kind))
    }

    /// A member name in a JSON path, quoted.
    private static func jsonKey(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "") + "\""
    }

    /// `any` or `all` over a collection navigation property or a collection of primitive values.
    private mutating func lambda(_ path: PropertyPath, all: Bool, variable: String, body: FilterNode, in scope: Scope)
        throws -> String
    {
        let segments = try names(path)
        var alias = scope.alias
        var table = scope.table
        var rest = segments[...]
        if let first = rest.first, case .record(let recordAlias, let recordTable)? = scope.variables[first] {
            alias = recordAlias
            table = recordTable
            rest = rest.dropFirst()
        }
        guard rest.count == 1, let name = rest.first else {
            throw OfflineStoreError.unsupportedQuery("any or all over \(segments.joined(separator: "/"))")
        }
        var inner = scope
        let from: String
        if let navigation = table.navigations[name] {
            let target = try schema.table(for: navigation.target)
            let link = newAlias()
            let related = newAlias()
            from = linkJoin(link, related, target, source: alias, table, name)
            inner.variables[variable] = .record(alias: related, table: target)
        } else if let column = table.column(propertyName: name), column.property.isCollection,
            let element = Self.elementColumn(column)
        {
            let each = newAlias()
            from = "json_each(\(alias).\(column.name.quotedDatabaseIdentifier), '$.collection') AS \(each) WHERE 1"
            inner.variables[variable] = .element(
                sql: "json_extract(\(each).value, '$.\(element.tag)')",
                column: element.column
            )
        } else {
            throw OfflineStoreError.unsupportedQuery("any or all over \(name), which the store cannot look into")
        }
        let condition = try self.condition(body, in: inner)
        return all
            ? "(NOT EXISTS (SELECT 1 FROM \(from) AND NOT \(condition)))"
            : "(EXISTS (SELECT 1 FROM \(from) AND \(condition)))"
    }

    /// `links JOIN target` for the records `navigation` of the record under `source` leads to, ending in a WHERE
    /// clause that more conditions can follow with `AND`.
    private func linkJoin(
        _ link: String,
        _ related: String,
        _ target: EntityTable,
        source: String,
        _ table: EntityTable,
        _ navigation: String
    ) -> String {
        let key = EntityTable.System.key.quotedDatabaseIdentifier
        return "\"\(StoreDatabase.Tables.links)\" AS \(link) JOIN \(target.name.quotedDatabaseIdentifier) AS \(related)"
            + " ON \(related).\(key) = \(link).target_key AND \(link).target_table = '\(target.name)'"
            + " WHERE \(link).source_table = '\(table.name)' AND \(link).source_key = \(source).\(key)"
            + " AND \(link).navigation = '\(navigation)'"
    }

    /// The column an element of a collection of primitive values compares as, and the tag its tagged JSON has.
    private static func elementColumn(_ column: EntityTable.Column) -> (column: EntityTable.Column, tag: String)? {
        let property = column.property
        let element = PropertyMetadata(property.name, property.type, propertyName: property.propertyName)
        let kind = ColumnKind(element)
        guard kind.isComparable, let tag = tag(of: property.type) else { return nil }
        return (EntityTable.Column(property: element, kind: kind), tag)
    }

    /// The key the runtime's tagged JSON gives values of `type`.
    private static func tag(of type: PropertyType) -> String? {
        switch type {
        case .boolean: "boolean"
        case .byte: "byte"
        case .sbyte: "sbyte"
        case .int16: "int16"
        case .int32: "int32"
        case .int64: "int64"
        case .single: "single"
        case .double: "double"
        case .decimal: "decimal"
        case .string: "string"
        case .dateTimeOffset, .dateTime: "dateTimeOffset"
        case .enumeration: "enumMember"
        default: nil
        }
    }

    private func names(_ path: PropertyPath) throws -> [String] {
        try path.segments.map { segment in
            guard let segment else {
                throw OfflineStoreError.unsupportedQuery("a key path that reads no property of a generated class")
            }
            return segment
        }
    }
}
