import MetadataModel
import SwiftEmitter

extension GenerationContext {
    /// `displayNameTable`: the table's display names and those of the columns the class declares (`properties`), in
    /// each language the entity definitions carry; nil when the entity has none.
    func displayNameTableDeclaration(_ type: EntityType, properties: [PropertyPlan]) -> Declaration? {
        guard let dynamics = type.dynamics else { return nil }
        let columns = properties.compactMap { plan -> (String, Label)? in
            guard
                let property = type.properties.first(where: {
                    ($0.dynamics?.logicalName ?? $0.name) == plan.attributeKey
                }), let label = property.dynamics?.displayName, !label.isEmpty
            else { return nil }
            return (plan.attributeKey, label)
        }
        let labels = [dynamics.displayName, dynamics.displayCollectionName] + columns.map(\.1)
        guard !labels.allSatisfy(\.isEmpty), let languages = labelColumns(labels, at: type.location) else { return nil }
        let names = { (texts: [String?]) in
            Expression.array(texts.map { $0.map { .literal(.string($0)) } ?? .literal(.nil) })
        }
        let arguments =
            [
                Argument(
                    label: RuntimeContract.Member.languages.rawValue,
                    .array(languages.tags.map { .literal(.string($0)) })
                ), Argument(label: RuntimeContract.Member.entity.rawValue, names(languages.texts[0])),
                Argument(label: RuntimeContract.Member.collection.rawValue, names(languages.texts[1])),
            ]
            + zip(columns, languages.texts.dropFirst(2))
            .map { column, texts in Argument(.tuple([.literal(.string(column.0)), names(texts)])) }
        let table = RuntimeContract.TypeName.displayNameTable
        return .documented(
            Documentation(["The display names of the table and of these columns, in each of the metadata's languages."]
            ),
            .variable(
                VariableDeclaration(
                    access: classAccess,
                    modifiers: [.override, .class],
                    name: RuntimeContract.ClassProperty.displayNameTable.rawValue,
                    type: .optional(table.type),
                    kind: .computed(getter: [.expression(.call(.typeReference(table.type), arguments))], setter: nil)
                )
            )
        )
    }
}
