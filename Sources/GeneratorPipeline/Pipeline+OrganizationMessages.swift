import Generator
import MetadataModel

extension Pipeline {
    /// MobileSdkOrganizationService's typed messages from their description, read like any metadata document:
    /// `mobilesdkgen organization-messages` writes them, and a test checks that the committed files are these.
    /// `source` names the description in the files' header. The sources are nil when reading or translating failed.
    public func organizationMessages(_ input: RawInput, source: String) -> (
        diagnostics: [Diagnostic], sources: GeneratedSources?
    ) {
        let parsed = parse(input)
        guard !parsed.hasErrors else { return (parsed.diagnostics, nil) }
        let sources = ModelTranslator(configuration: configuration)
            .translateOrganizationMessages(parsed.service, source: source)
        let diagnostics = parsed.diagnostics + sources.diagnostics
        return (diagnostics, diagnostics.hasErrors ? nil : sources)
    }
}
