import ArgumentParser

/// How `fetch` (and `init` with a service) reaches a service and what it fetches besides `$metadata`: sign-in, extra
/// headers and query parameters, and for Dataverse the entities whose definitions to fetch.
struct FetchOptions: ParsableArguments {
    @OptionGroup(title: "Sign-in") var signIn: SignInOptions

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp("An HTTP header to send, \"Name: value\" (repeatable).", valueName: "HEADER")
    ) var headers: [String] = []

    @Option(
        name: .customLong("query"),
        help: ArgumentHelp(
            "A query parameter to add, name=value (repeatable), e.g. sap-client=100.",
            valueName: "PARAMETER"
        )
    ) var queryParameters: [String] = []

    @Option(
        name: .customLong("entity"),
        help: ArgumentHelp(
            """
            Dataverse: an entity (logical name) whose definition, attributes and option sets to fetch too \
            (repeatable, or comma-separated).
            """,
            valueName: "NAME"
        )
    ) var entities: [String] = []

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            """
            Dataverse: fetch the definitions of the entities this generate configuration includes \
            (wildcards allowed).
            """,
            valueName: "FILE"
        )
    ) var configurationFile: String?

    @Flag(
        name: .customLong("all-entities"),
        help: "Dataverse: fetch the definitions of every entity of the organization."
    ) var allEntities = false

    @Flag(
        name: .customLong("no-entity-definitions"),
        help: """
            Dataverse: fetch $metadata alone. By default the definitions of the entities the output folder's \
            mobilesdkgen-config.json includes are fetched too, or of every entity when there is none.
            """
    ) var noEntityDefinitions = false

    @Option(help: "Requests in flight at once while fetching entity definitions.") var concurrency = 4

    @Option(help: "Seconds to wait for the server before giving up.") var timeout: Double = 60

    func validate() throws {
        for header in headers where FetchRequest.header(header) == nil {
            // The value may be a secret: name only what is wrong with it.
            throw ValidationError(
                "--header must be \"Name: value\" with a name of letters, digits and dashes (the value is not shown)"
            )
        }
        for parameter in queryParameters where FetchRequest.queryItem(parameter) == nil {
            throw ValidationError("--query must be name=value with a non-empty name")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
        guard (1...32).contains(concurrency) else { throw ValidationError("--concurrency must be from 1 to 32") }
        if allEntities, !entities.isEmpty || configurationFile != nil {
            throw ValidationError("--all-entities cannot be combined with --entity or --config")
        }
        if noEntityDefinitions, allEntities || !entities.isEmpty || configurationFile != nil {
            throw ValidationError(
                "--no-entity-definitions cannot be combined with --entity, --config or --all-entities"
            )
        }
    }

}
