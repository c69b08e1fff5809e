import ArgumentParser

/// `mobilesdkgen`: generates early-bound Swift classes from OData and Dynamics metadata.
@main struct MobileSdkGen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mobilesdkgen",
        abstract: "Early-bound Swift entity classes from OData CSDL and Dynamics entity metadata.",
        version: Version.current,
        subcommands: [Generate.self, Inspect.self, Init.self, Fetch.self, GenerateOrganizationMessages.self]
    )
}
