import Foundation

/// The display names of an entity's table and columns in each language the metadata carries (Dataverse's
/// `DisplayName` and `DisplayCollectionName`), written once in a generated class's ``Entity/displayNameTable``:
/// `Account.displayName(of: \.revenue)` reads them.
public struct DisplayNameTable: Sendable {
    /// The languages, base language first.
    let languages: LabelLanguages
    let entity: [String?]
    let collection: [String?]
    /// Each column's names, by storage name, in the order of ``languages``.
    let columns: [String: [String?]]

    /// The names in `languages` (BCP 47 tags, base language first), each list in that order (nil where the metadata
    /// has no name in a language): the table's singular and plural name, then `(storage name, names)` per column.
    /// Generated code writes the same table as text instead (`init(text:)`, for generated code only), which compiles
    /// much faster.
    public init(languages: [String], entity: [String?], collection: [String?], _ columns: (String, [String?])...) {
        self.init(
            languages: LabelLanguages(languages),
            entity: entity,
            collection: collection,
            columns: Dictionary(columns, uniquingKeysWith: { first, _ in first })
        )
    }

    init(languages: LabelLanguages, entity: [String?], collection: [String?], columns: [String: [String?]]) {
        self.languages = languages
        self.entity = entity
        self.collection = collection
        self.columns = columns
    }

    /// The name in `locale`'s language from `names`, else the base language's.
    func text(_ names: [String?], in locale: Locale) -> String? {
        let index = languages.index(for: locale)
        if index > 0, names.indices.contains(index), let text = names[index] { return text }
        return names.first ?? nil
    }
}

/// The display names of a class and its base classes, merged once per class: a derived class's name for a column
/// wins. Each class's table is read (its text parsed) once, when its names are first looked up.
struct DisplayNames: Sendable {
    let table: DisplayNameTable?
    let columns: [String: (table: DisplayNameTable, names: [String?])]

    static func of(_ type: Entity.Type) -> DisplayNames {
        cache.value(for: type) {
            // The table's own name only: a class without one is not named after its base.
            let own = type.displayNameTable
            // The base class's columns, merged (and cached) once for it and every class deriving from it.
            var columns = (_getSuperclass(type) as? Entity.Type).map { of($0).columns } ?? [:]
            if let own { for (name, names) in own.columns { columns[name] = (own, names) } }
            return DisplayNames(table: own, columns: columns)
        }
    }

    private static let cache = TypeCache<DisplayNames>()
}

extension AttributeKeyPaths {
    /// The display name of the column a key path reads, in `locale`'s language (the app's by default), else in the
    /// metadata's base language: `Account.displayName(of: \.revenue)` is "Annual Revenue", or "Jahresumsatz" where
    /// the app runs in German. Nil when the metadata names none (for Dataverse, the entity definitions do).
    public static func displayName<Value>(of keyPath: KeyPath<Self, Value>, in locale: Locale = .current) -> String? {
        guard let name = attributeName(keyPath), let column = DisplayNames.of(self).columns[name] else { return nil }
        return column.table.text(column.names, in: locale)
    }

    /// The table's display name in `locale`'s language, such as "Account"; nil when the metadata names none.
    public static func displayName(in locale: Locale = .current) -> String? {
        DisplayNames.of(self).table.flatMap { $0.text($0.entity, in: locale) }
    }

    /// The table's plural display name in `locale`'s language, such as "Accounts"; nil when the metadata names none.
    public static func displayCollectionName(in locale: Locale = .current) -> String? {
        DisplayNames.of(self).table.flatMap { $0.text($0.collection, in: locale) }
    }
}
