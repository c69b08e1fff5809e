import GRDB
import MobileSdk

/// The table of one generated class and the registered classes derived from it: a column per attribute, named by its
/// storage name, beside the store's own columns (their names start with `$`, which no OData identifier contains).
struct EntityTable: Sendable {
    /// The class whose records the table holds, as the base of any derived classes' records.
    let type: Entity.Type
    /// The table's name: `entity_` and the class's logical name (or its qualified name, for CSDL types).
    let name: String
    /// The attribute columns, by storage name order.
    let columns: [Column]
    /// The navigation properties, by payload name.
    let navigations: [String: Navigation]
    /// The columns of the key, in key order.
    let keyColumns: [Column]
    /// Attribute columns by payload name, as filter paths name them.
    private let columnsByPropertyName: [String: Column]

    /// One attribute column.
    struct Column: Sendable {
        let property: PropertyMetadata
        let kind: ColumnKind
        /// The column's name: the attribute's storage name.
        var name: String { property.name }
    }

    /// One navigation property and the class it leads to.
    struct Navigation: Sendable {
        let name: String
        let target: Entity.Type
        let isCollection: Bool
        /// Whether it contains its targets: their keys are unique only within the record holding them.
        let isContained: Bool
    }

    /// The store's own columns.
    enum System {
        /// The record's key as an OData v4 key segment, e.g. `('russellwhyte')`; `local:…` for a record created here
        /// whose key only the service gives; for a contained record, its path from the top record holding it
        /// (`('russellwhyte')/Trips(1)`), see ``StoreKey/contained(in:navigation:key:)``.
        static let key = "$key"
        /// The qualified type name of a record of a derived class; NULL for the table's own class.
        static let typeName = "$type"
        /// The record's ETag.
        static let eTag = "$etag"
        /// 1 for a record created here and not yet uploaded.
        static let isLocal = "$local"
        /// 1 while queued requests change the record.
        static let hasPendingChanges = "$pending"
        /// 1 when an upload of the record's changes failed and waits in the error archive.
        static let inErrorState = "$error"
    }

    /// The table of `type`, with the columns of `derived` classes too.
    init(_ type: Entity.Type, derived: [Entity.Type] = []) {
        self.type = type
        let identifier =
            type.entityLogicalName.isEmpty ? (type.entityQualifiedName ?? "\(type)") : type.entityLogicalName
        name = "entity_" + identifier
        var columns: [Column] = []
        var navigations: [String: Navigation] = [:]
        // A Dataverse lookup and its navigation property share a name: they are kept apart.
        var attributeNames: Set<String> = []
        for property in ([type] + derived).flatMap(PropertyMetadata.all(of:)) {
            switch property.type {
            case .navigation(let target):
                guard navigations[property.propertyName] == nil else { continue }
                navigations[property.propertyName] = Navigation(
                    name: property.propertyName,
                    target: target,
                    isCollection: property.isCollection,
                    isContained: property.containsTarget
                )
            case .stream, .file: continue
            default:
                guard attributeNames.insert(property.name).inserted else { continue }
                columns.append(Column(property: property, kind: ColumnKind(property)))
            }
        }
        self.columns = columns
        self.navigations = navigations
        columnsByPropertyName = Dictionary(
            columns.map { ($0.property.propertyName, $0) },
            uniquingKeysWith: { a, _ in a }
        )
        let byName = Dictionary(columns.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        keyColumns = type.keyAttributes.compactMap { byName[$0] }
    }

    /// The attribute column a payload name names.
    func column(propertyName: String) -> Column? { columnsByPropertyName[propertyName] }

    /// `CREATE TABLE` for the table as the class describes it now.
    var createStatement: String {
        let system = [
            "\(System.key.quotedDatabaseIdentifier) TEXT PRIMARY KEY NOT NULL",
            "\(System.typeName.quotedDatabaseIdentifier) TEXT", "\(System.eTag.quotedDatabaseIdentifier) TEXT",
            "\(System.isLocal.quotedDatabaseIdentifier) INTEGER NOT NULL DEFAULT 0",
            "\(System.hasPendingChanges.quotedDatabaseIdentifier) INTEGER NOT NULL DEFAULT 0",
            "\(System.inErrorState.quotedDatabaseIdentifier) INTEGER NOT NULL DEFAULT 0",
        ]
        let attributes = columns.map { "\($0.name.quotedDatabaseIdentifier) \($0.kind.sqlType)" }
        return "CREATE TABLE \(name.quotedDatabaseIdentifier) (" + (system + attributes).joined(separator: ", ") + ")"
    }
}
