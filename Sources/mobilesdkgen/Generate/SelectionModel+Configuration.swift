import Generator
import MetadataReader

extension GeneratorConfiguration {
    /// The configuration with its include lists taken from a MobileSdkGen model file: its entities,
    /// and for each entity that lists attributes, only those. Exclusions stay.
    func selecting(_ model: SelectionModel) -> GeneratorConfiguration {
        var configuration = self
        if !model.includeAllEntities { configuration.entities.include = model.entities.map(\.name) }
        configuration.attributes.include = model.entities.flatMap { entity in
            (entity.attributes ?? ["*"]).map { entity.name + "." + $0 }
        }
        if model.includeAllEntities { configuration.attributes.include = [] }
        return configuration
    }
}
