import Foundation
import Generator
import GeneratorPipeline
import MetadataModel
import Testing

/// MobileSdkOrganizationService's typed messages are generated from their description: generating them again gives
/// the committed files, byte for byte, and no others. After changing the description or the generator, run
/// `scripts/generate-organization-messages.sh` and review `git diff`.
struct OrganizationMessagesTests {
    static let messages = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/MobileSdkOrganizationService/Messages")

    @Test func regeneratingChangesNothing() throws {
        let description = Self.messages.appendingPathComponent("OrganizationMessages.xml").path
        let (diagnostics, generated) = Pipeline(reading: .init(strict: true))
            .organizationMessages(.files([description]), source: "OrganizationMessages.xml")
        // A note says that the Core vocabulary is built in rather than read; anything more serious is a fault.
        let faults = diagnostics.filter { $0.severity > .note }
        #expect(faults.isEmpty, "\(faults.map(\.description))")
        let sources = try #require(generated)
        let folder = Self.messages.appendingPathComponent("Generated")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
        let generatedNames = Set(sources.files.map(\.name))
        #expect(
            generatedNames == Set(committed),
            """
            not generated: \(Set(committed).subtracting(generatedNames).sorted()); \
            not committed: \(generatedNames.subtracting(committed).sorted())
            """
        )
        let long = sources.files.flatMap { file in
            file.contents.split(separator: "\n").filter { $0.count > 120 }.map { "\(file.name): \($0)" }
        }
        #expect(long.isEmpty, "generated lines past 120 columns:\n\(long.joined(separator: "\n"))")
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent(
            "organization-messages-\(UUID().uuidString)"
        )
        var mismatches: [String] = []
        for file in sources.files
        where FileManager.default.contents(atPath: folder.appendingPathComponent(file.name).path)
            != Data(file.contents.utf8)
        {
            mismatches.append(file.name)
            try FileManager.default.createDirectory(at: actual, withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: actual.appendingPathComponent(file.name))
        }
        #expect(
            mismatches.isEmpty,
            """
            \(mismatches.joined(separator: ", ")) differ from what the description gives (written to \(actual.path); \
            git diff --no-index \(folder.path) \(actual.path)). Edit OrganizationMessages.xml rather than the \
            generated files, then run \(ModelTranslator.organizationMessagesCommand).
            """
        )
    }

    @Test func aTypeWithoutASwiftFormIsAnErrorAtItsLine() throws {
        let document = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="Test.Messages" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <Action Name="Ping">
                    <Parameter Name="When" Type="Edm.TimeOfDay" Nullable="false"/>
                  </Action>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let (diagnostics, sources) = Pipeline()
            .organizationMessages(.document(named: "Messages.xml", bytes: Array(document.utf8)), source: "Messages.xml")
        #expect(sources == nil)
        let error = try #require(diagnostics.first { $0.severity == .error })
        #expect(error.location.line == 5)
        #expect(error.message.contains("parameter When has type 'Edm.TimeOfDay'"))
    }

    @Test func optionalParametersAreLeftOutWhenNilAndSeveralResultsMakeAResponse() throws {
        let document = """
            <edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
              <edmx:DataServices>
                <Schema Namespace="Test.Messages" xmlns="http://docs.oasis-open.org/odata/ns/edm">
                  <ComplexType Name="EntityReference"/>
                  <Action Name="Ping">
                    <Annotation Term="Org.OData.Core.V1.Description" String="Checks a record."/>
                    <Parameter Name="Target" Type="Test.Messages.EntityReference">
                      <Annotation Term="Org.OData.Core.V1.Description" String="The record; nil for none."/>
                    </Parameter>
                    <ReturnType Type="Test.Messages.PingResponse" Nullable="false"/>
                  </Action>
                  <ComplexType Name="PingResponse">
                    <Property Name="IsValid" Type="Edm.Boolean" Nullable="false">
                      <Annotation Term="Org.OData.Core.V1.Description" String="Whether it is."/>
                    </Property>
                    <Property Name="Code" Type="Edm.Int32" Nullable="false">
                      <Annotation Term="Org.OData.Core.V1.Description" String="Why."/>
                    </Property>
                  </ComplexType>
                </Schema>
              </edmx:DataServices>
            </edmx:Edmx>
            """
        let (diagnostics, generated) = Pipeline()
            .organizationMessages(.document(named: "Messages.xml", bytes: Array(document.utf8)), source: "Messages.xml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        let sources = try #require(generated)
        #expect(sources.files.map(\.name) == ["Messages.swift", "PingRequest.swift"])
        let text = try #require(sources.files.last?.contents)
        let expected = """
            extension Messages {
                /// Checks a record.
                ///
                /// The organization service's message `Ping`.
                public struct PingRequest: OrganizationMessage {
                    /// The record; nil for none.
                    public var target: EntityReference?

                    /// The message with its parameters.
                    public init(target: EntityReference? = nil) {
                        self.target = target
                    }

                    /// What the message sends.
                    public var request: OrganizationRequest {
                        OrganizationRequest(name: "Ping", omittingNil: ["Target": target.map({ .attribute(.entityReference($0)) })])
                    }

                    /// The message's results.
                    public struct Response: Sendable {
                        /// Whether it is.
                        public var isValid: Bool

                        /// Why.
                        public var code: Int32
                    }

                    /// Reads the results.
                    public static func response(from response: OrganizationResponse) throws -> Response {
                        Response(isValid: try response.value("IsValid"), code: try response.value("Code"))
                    }
                }
            }

            """
        #expect(text.hasSuffix(expected), "\(text)")
    }
}
