import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// `displayNameTable`: the table's display names and those of the columns the class declares (`properties`), in
    /// each language the entity definitions carry, as one string literal (`DisplayNameTableText`); nil when the entity
    /// has none. A call with an array of names per column took Swift a tenth of a second to type-check for a table of
    /// a few hundred columns in six languages; a literal's lines cost next to nothing.
    func displayNameTableDeclaration(_ type: EntityType, properties: [PropertyPlan]) -> Declaration? {
        guard let dynamics = type.dynamics else { return nil }
        // The first property of each key, as a search from the start would find it: once per class, not per column.
        var labelsByKey: [String: Label?] = [:]
        for property in type.properties where labelsByKey[property.dynamics?.logicalName ?? property.name] == nil {
            labelsByKey[property.dynamics?.logicalName ?? property.name] = .some(property.dynamics?.displayName)
        }
        let columns = properties.compactMap { plan -> (String, Label)? in
            guard let label = labelsByKey[plan.attributeKey] ?? nil, !label.isEmpty else { return nil }
            return (plan.attributeKey, label)
        }
        let labels = [dynamics.displayName, dynamics.displayCollectionName] + columns.map(\.1)
        guard !labels.allSatisfy(\.isEmpty), let languages = labelColumns(labels, at: type.location) else { return nil }
        let text = DisplayNameTableText(
            languages: languages.tags,
            entity: languages.texts[0],
            collection: languages.texts[1],
            columns: zip(columns, languages.texts.dropFirst(2)).map { (name: $0.0.0, names: $0.1) }
        )
        let table = RuntimeContract.TypeName.displayNameTable
        let getter = Expression.call(
            .typeReference(table.type),
            [Argument(label: RuntimeContract.Member.text.rawValue, .literal(.lines(text.lines)))]
        )
        return .documented(
            Documentation(["The display names of the table and of these columns, in each of the metadata's languages."]
            ),
            .variable(
                VariableDeclaration(
                    access: classAccess,
                    modifiers: [.override, .class],
                    name: RuntimeContract.ClassProperty.displayNameTable.rawValue,
                    type: .optional(table.type),
                    kind: .computed(getter: [.expression(getter)], setter: nil)
                )
            )
        )
    }
}
