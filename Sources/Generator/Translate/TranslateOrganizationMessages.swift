import MetadataModel
import SwiftEmitter

extension ModelTranslator {
    /// The command that writes MobileSdkOrganizationService's typed messages again, as their files' header names it.
    public static let organizationMessagesCommand = "scripts/generate-organization-messages.sh"

    /// MobileSdkOrganizationService's typed messages from their description (`OrganizationMessages.xml` there): a
    /// file declaring the namespace enum, named after the schema's namespace and documented by its descriptions,
    /// and a file per message extending it, in the description's order. `source` names the description in the
    /// files' header. The service must hold exactly one schema; a type without a Swift form is an error.
    public func translateOrganizationMessages(_ service: Service, source: String) -> GeneratedSources {
        var sources = GeneratedSources(
            files: [],
            diagnostics: [],
            entityClasses: 0,
            complexTypes: 0,
            enumTypes: 0,
            optionSets: 0,
            operations: 0
        )
        guard service.schemas.count == 1, let schema = service.schemas.first else {
            let location = service.schemas.dropFirst().first?.location ?? .file(source)
            sources.diagnostics.append(.error("the messages' description must hold one schema", at: location))
            return sources
        }
        let namespaceName = IdentifierNaming.upperCamelCase(
            String(schema.namespace.split(separator: ".").last ?? Substring(schema.namespace))
        )
        let header = [
            Self.header, "Made from \(source) by \(Self.organizationMessagesCommand), which writes this folder again.",
            // The files are checked byte for byte against the generator's output, so no formatter may touch them.
            "swift-format-ignore-file",
        ]
        var documentation: [String] = []
        for text in [schema.coreDescription, schema.longDescription].compactMap({ $0 }) {
            if !documentation.isEmpty { documentation.append("") }
            documentation.append(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " "))
        }
        sources.files.append(
            (
                namespaceName + ".swift",
                SwiftRenderer()
                    .render(
                        SwiftFile(
                            header: header,
                            imports: [],
                            declarations: [
                                .documented(
                                    Documentation(documentation),
                                    .enum(NominalDeclaration(access: .public, name: namespaceName))
                                )
                            ]
                        )
                    )
            )
        )
        var translation = OrganizationMessageTranslation(schema: schema)
        for action in schema.actions {
            guard let (name, declaration) = translation.translate(action) else { continue }
            let file = SwiftFile(
                header: header,
                imports: OrganizationMessagesContract.imports,
                declarations: [
                    .extension(ExtensionDeclaration(extendedType: .named(namespaceName), members: [declaration]))
                ]
            )
            sources.files.append((name + ".swift", SwiftRenderer().render(file)))
        }
        sources.operations = sources.files.count - 1
        sources.diagnostics = translation.diagnostics
        return sources
    }
}
