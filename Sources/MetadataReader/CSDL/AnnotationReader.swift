import MetadataModel

/// Reads vocabulary annotations: `<Annotation>` elements, their values, and v2/v3 `<Documentation>`.
struct AnnotationReader {
    let context: ReadContext

    /// Constant expressions that may appear as attributes or elements.
    static let constantKinds: [String] = [
        "Binary", "Bool", "Date", "DateTimeOffset", "Decimal", "Duration", "EnumMember", "Float", "Guid", "Int",
        "String", "TimeOfDay", "AnnotationPath", "ModelElementPath", "NavigationPropertyPath", "Path", "PropertyPath",
        "UrlRef", "DateTime", "Time",
    ]

    /// The annotations among an element's children, including v2/v3 documentation.
    func annotations(of node: XMLNode) -> [Annotation] {
        let parent = node.attribute("Name").map { "\(node.name) \($0)" } ?? node.name
        var result: [Annotation] = []
        for child in node.children where child.isCSDL {
            switch child.name {
            case "Annotation": if let annotation = annotation(child, in: parent) { result.append(annotation) }
            case "Documentation": result.append(contentsOf: documentation(child))
            default: continue
            }
        }
        return result
    }

    /// One `<Annotation Term="…">` in `parent` (as a warning names it). One without a term means nothing, and is
    /// skipped with a warning: SAP Analytics Cloud's data export writes such annotations.
    func annotation(_ node: XMLNode, in parent: String) -> Annotation? {
        guard let term = node.attribute("Term"), !term.isEmpty else {
            context.warning("skipped <Annotation> without a Term in \(parent)", at: node.location)
            return nil
        }
        return Annotation(
            term: QualifiedName(parsing: term),
            qualifier: node.attribute("Qualifier"),
            value: value(of: node),
            location: node.location
        )
    }

    /// The value of an annotation or property value: an attribute expression or a child expression.
    func value(of node: XMLNode) -> AnnotationValue {
        for kind in Self.constantKinds {
            if let text = node.attribute(kind) { return .constant(kind: kind, text: text) }
        }
        if let expression = node.children.first(where: { $0.isCSDL && $0.name != "Annotation" }) {
            return self.expression(expression)
        }
        return .absent
    }

    private func expression(_ node: XMLNode) -> AnnotationValue {
        switch node.name {
        case "Collection":
            return .collection(node.children.filter { $0.isCSDL && $0.name != "Annotation" }.map(expression))
        case "Record":
            let properties = node.children.filter { $0.isCSDL && $0.name == "PropertyValue" }
                .compactMap { child -> PropertyValue? in
                    guard let name = context.required("Property", of: child) else { return nil }
                    return PropertyValue(name: name, value: value(of: child))
                }
            return .record(type: node.attribute("Type").map(QualifiedName.init(parsing:)), properties: properties)
        case "Null": return .constant(kind: "Null", text: "")
        default:
            if Self.constantKinds.contains(node.name) {
                return .constant(kind: node.name, text: node.text.trimmingXMLSpace)
            }
            var operands = node.attributes.filter { $0.namespace == .none }
                .map { AnnotationValue.constant(kind: $0.name, text: $0.value) }
            operands += node.children.filter { $0.isCSDL && $0.name != "Annotation" }.map(expression)
            return .expression(name: node.name, operands: operands)
        }
    }

    /// v2/v3 `<Documentation><Summary/><LongDescription/></Documentation>` as Core annotations.
    private func documentation(_ node: XMLNode) -> [Annotation] {
        var result: [Annotation] = []
        if let summary = node.child("Summary")?.value {
            result.append(
                Annotation(
                    term: VocabularyTerms.description,
                    value: .constant(kind: "String", text: summary),
                    location: node.location
                )
            )
        }
        if let long = node.child("LongDescription")?.value {
            result.append(
                Annotation(
                    term: VocabularyTerms.longDescription,
                    value: .constant(kind: "String", text: long),
                    location: node.location
                )
            )
        }
        return result
    }
}
