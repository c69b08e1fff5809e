import MetadataModel

/// The entities and attributes to generate, as MobileSdkGen's `-m` model file lists them:
///
/// ```xml
/// <Model IncludeAllEntities="false" IncludeAllGlobalOptionSets="false">
///   <Entities>
///     <Entity Name="account"><Attributes><Attribute Name="name"/></Attributes></Entity>
///     <Entity Name="contact"/>   <!-- no Attributes: every attribute -->
///   </Entities>
///   <GlobalOptionSets><GlobalOptionSet Name="new_customertier"/></GlobalOptionSets>
/// </Model>
/// ```
public struct SelectionModel: Sendable, Equatable {
    /// An `<Entity>` of `<Entities>`: its name and the attributes it lists.
    public struct Entity: Sendable, Equatable {
        /// The `Name` attribute: the entity's logical name, `account` for instance.
        public var name: String
        /// nil: every attribute.
        public var attributes: [String]?
    }

    /// `IncludeAllEntities` on `<Model>`: every entity, not only those listed; false when absent.
    public var includeAllEntities = false
    /// `IncludeAllGlobalOptionSets` on `<Model>`; false when absent.
    public var includeAllGlobalOptionSets = false
    /// The `<Entity>` elements of `<Entities>`, in file order.
    public var entities: [Entity] = []
    /// The `Name` of each `<GlobalOptionSet>` in `<GlobalOptionSets>`, in file order.
    public var globalOptionSets: [String] = []

    /// Reads a model file; problems are located diagnostics.
    public static func read(path: String) -> (model: SelectionModel?, diagnostics: [Diagnostic]) {
        let handler = SelectionModelReader()
        let stream = XMLStreamReader(path: path, handler: handler)
        let wellFormed = stream.read()
        let diagnostics = stream.diagnostics + handler.diagnostics
        guard wellFormed, !diagnostics.hasErrors else { return (nil, diagnostics) }
        return (handler.model, diagnostics)
    }
}

/// Streams a `-m` model file into a `SelectionModel`.
final class SelectionModelReader: XMLStreamHandler {
    private(set) var model = SelectionModel()
    private(set) var diagnostics: [Diagnostic] = []

    func start(_ node: XMLNode, depth: Int) -> ElementDisposition {
        if depth == 0 {
            guard node.name == "Model" else {
                diagnostics.append(.error("expected a <Model> root element, found <\(node.name)>", at: node.location))
                return .skip
            }
            model.includeAllEntities = node.bool("IncludeAllEntities") ?? false
            model.includeAllGlobalOptionSets = node.bool("IncludeAllGlobalOptionSets") ?? false
            return .descend
        }
        switch node.name {
        case "Entities", "GlobalOptionSets": return .capture
        default:
            diagnostics.append(.warning("ignored element <\(node.name)> in the model file", at: node.location))
            return .skip
        }
    }

    func end(_ node: XMLNode, depth: Int) {}

    func captured(_ node: XMLNode, depth: Int) {
        for child in node.children {
            guard let name = child.attribute("Name"), !name.isEmpty else {
                diagnostics.append(.error("<\(child.name)> has no Name attribute", at: child.location))
                continue
            }
            switch (node.name, child.name) {
            case ("Entities", "Entity"):
                let attributes = child.child("Attributes")
                    .map { list in
                        list.children.compactMap { attribute -> String? in
                            guard let name = attribute.attribute("Name"), !name.isEmpty else {
                                diagnostics.append(
                                    .error("<\(attribute.name)> has no Name attribute", at: attribute.location)
                                )
                                return nil
                            }
                            return name
                        }
                    }
                model.entities.append(SelectionModel.Entity(name: name, attributes: attributes))
            case ("GlobalOptionSets", "GlobalOptionSet"): model.globalOptionSets.append(name)
            default:
                diagnostics.append(.warning("ignored element <\(child.name)> in <\(node.name)>", at: child.location))
            }
        }
    }
}
