import MetadataModel

/// Streams a CSDL document (EDMX 1.0 or 4.0, or a bare `Schema`) into schemas.
///
/// Each schema member is captured as a small subtree and translated as soon as it ends;
/// entity containers are streamed member by member.
final class CSDLReader: XMLStreamHandler {
    private enum Frame { case edmx, dataServices, schema, container, skipped }

    let context: ReadContext
    private(set) var schemas: [Schema] = []
    private(set) var references: [EdmxReference] = []
    /// `Using` elements of v1–v3 schemas: namespace aliases like `edmx:Include`.
    private(set) var usings: [EdmxReference.Include] = []
    private(set) var dialect: Dialect?
    private var frames: [Frame] = []
    private var edmxVersion: String?
    private var edmxIsV4 = false
    private var schema: Schema?
    private var container: EntityContainer?

    init(context: ReadContext) { self.context = context }

    func start(_ node: XMLNode, depth: Int) -> ElementDisposition {
        switch frames.last {
        case nil: return startRoot(node)
        case .edmx:
            if node.namespace == .edmx && node.name == "Reference" { return .capture }
            if node.namespace == .edmx && node.name == "DataServices" {
                frames.append(.dataServices)
                settleDialect(
                    dataServiceVersion: node.attribute("DataServiceVersion", in: .dataServicesMetadata),
                    at: node
                )
                return .descend
            }
        case .dataServices:
            if node.isCSDL && node.name == "Schema" {
                beginSchema(node)
                return .descend
            }
        case .schema:
            if node.isCSDL && node.name == "EntityContainer" {
                beginContainer(node)
                return .descend
            }
            if node.isCSDL { return .capture }
        case .container: if node.isCSDL { return .capture }
        case .skipped: return .skip
        }
        context.skipped(node, in: frameDescription)
        return .skip
    }

    func end(_ node: XMLNode, depth: Int) {
        switch frames.popLast() {
        case .schema:
            if let schema { schemas.append(schema) }
            schema = nil
        case .container:
            if let container { schema?.entityContainers.append(container) }
            container = nil
        case .edmx: if dialect == nil { settleDialect(dataServiceVersion: nil, at: node) }
        default: break
        }
    }

    func captured(_ node: XMLNode, depth: Int) {
        switch frames.last {
        case .edmx: if let reference = EdmxReference(node, context: context) { references.append(reference) }
        case .schema:
            // Moved out and back so that the arrays are mutated in place, not copied.
            guard var current = schema else { return }
            schema = nil
            readSchemaMember(node, into: &current)
            schema = current
        case .container:
            guard var current = container else { return }
            container = nil
            ContainerMemberReader(context: context).read(node, into: &current)
            container = current
        default: break
        }
    }

    // MARK: - Root and dialect

    private func startRoot(_ node: XMLNode) -> ElementDisposition {
        if node.name == "Edmx" {
            guard node.namespace == .edmx else {
                context.error(
                    "unknown EDMX namespace '\(node.namespaceURI)'; expected the EDMX 1.0 or 4.0 namespace",
                    at: node.location
                )
                return .skip
            }
            edmxIsV4 = node.namespaceURI.contains("oasis-open.org")
            edmxVersion = node.attribute("Version")
            context.isV4 = edmxIsV4
            frames.append(.edmx)
            if edmxIsV4 { settleDialect(dataServiceVersion: nil, at: node) }
            return dialect == nil && edmxIsV4 ? .skip : .descend
        }
        // A bare CSDL schema without the EDMX wrapper.
        edmxIsV4 = node.namespaceURI.contains("oasis-open.org")
        context.isV4 = edmxIsV4
        frames.append(.dataServices)
        dialect = .csdl(
            odataVersion: edmxIsV4 ? "4.0" : Self.odataVersion(ofCSDLNamespace: node.namespaceURI),
            edmxVersion: "none"
        )
        return start(node, depth: 0)
    }

    /// Decides the dialect from the EDMX namespace and version and the data service version.
    /// Only the major version numbers are compared, so 4.01 and later minor versions read as 4.
    private func settleDialect(dataServiceVersion: String?, at node: XMLNode) {
        guard dialect == nil else { return }
        let version = edmxVersion ?? (edmxIsV4 ? "4.0" : "1.0")
        let major = version.prefix { $0 != "." }
        if edmxIsV4 {
            guard major == "4" else {
                context.error(
                    "unsupported EDMX version '\(version)' in the OData v4 namespace; expected 4.0 or 4.01",
                    at: node.location
                )
                if !frames.isEmpty { frames[frames.count - 1] = .skipped }
                return
            }
            dialect = .csdl(odataVersion: version, edmxVersion: version)
            return
        }
        guard major == "1" || major == "4" else {
            context.error(
                "unsupported EDMX version '\(version)'; expected 1.0 (OData v2/v3) or 4.0 (OData v4)",
                at: node.location
            )
            if !frames.isEmpty { frames[frames.count - 1] = .skipped }
            return
        }
        let odataVersion = dataServiceVersion ?? "2.0"
        if major == "4" {
            context.warning(
                "EDMX Version \(version) is declared with the EDMX 1.0 namespace; reading as OData v\(odataVersion)",
                at: node.location
            )
        }
        dialect = .csdl(odataVersion: odataVersion, edmxVersion: version)
    }

    private static func odataVersion(ofCSDLNamespace uri: String) -> String {
        if uri.contains("2009/11") { return "3.0" }
        if uri.contains("2008/09") { return "2.0" }
        return "1.0"
    }

    private var frameDescription: String {
        switch frames.last {
        case .edmx: "edmx:Edmx"
        case .dataServices: "edmx:DataServices"
        case .schema: "schema \(schema?.namespace ?? "")"
        case .container: "entity container \(container?.name ?? "")"
        case .skipped, nil: "the document"
        }
    }

    // MARK: - Schemas

    private func beginSchema(_ node: XMLNode) {
        frames.append(.schema)
        let namespace = context.required("Namespace", of: node) ?? ""
        schema = Schema(namespace: namespace, alias: node.attribute("Alias"), location: node.location)
    }

    private func beginContainer(_ node: XMLNode) {
        frames.append(.container)
        var container = EntityContainer(name: context.required("Name", of: node) ?? "", location: node.location)
        container.extends = node.attribute("Extends").map(QualifiedName.init(parsing:))
        container.isDefault = node.bool("IsDefaultEntityContainer", in: .dataServicesMetadata) ?? false
        self.container = container
    }

    private func readSchemaMember(_ node: XMLNode, into schema: inout Schema) {
        let types = StructuredTypeReader(context: context)
        let members = SchemaMemberReader(context: context)
        let annotations = AnnotationReader(context: context)
        switch node.name {
        case "EntityType": if let type = types.entityType(node) { schema.entityTypes.append(type) }
        case "ComplexType": if let type = types.complexType(node) { schema.complexTypes.append(type) }
        case "EnumType": if let type = members.enumType(node) { schema.enumTypes.append(type) }
        case "TypeDefinition":
            if let definition = members.typeDefinition(node) { schema.typeDefinitions.append(definition) }
        case "Term", "ValueTerm": if let term = members.term(node) { schema.terms.append(term) }
        case "Action": if let action = members.operation(node, kind: .action) { schema.actions.append(action) }
        case "Function":
            if let function = members.operation(node, kind: .function) { schema.functions.append(function) }
        case "Association": if let association = members.association(node) { schema.associations.append(association) }
        case "Annotations":
            guard let target = context.required("Target", of: node) else { return }
            var group = AnnotationGroup(target: target, qualifier: node.attribute("Qualifier"), location: node.location)
            group.annotations = node.children.filter { $0.isCSDL && $0.name == "Annotation" }
                .compactMap { annotations.annotation($0, in: "Annotations \(target)") }
            schema.annotationGroups.append(group)
        case "Annotation":
            if let annotation = annotations.annotation(node, in: "Schema \(schema.namespace)") {
                schema.annotations.append(annotation)
            }
        case "Using":
            if let namespace = context.required("Namespace", of: node) {
                usings.append(EdmxReference.Include(namespace: namespace, alias: node.attribute("Alias")))
            }
        case "Documentation": break
        default: context.skipped(node, in: "schema \(schema.namespace)")
        }
    }
}
