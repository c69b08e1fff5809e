import Foundation
import TestSupport
import Testing

/// The configuration's `renames`: applied before names are made unique, shown by `inspect`, and refused with an error
/// at the rename when the new name cannot be had.
extension CommandLineTests {
    static var dataverse: [String] {
        [Paths.sample("Dataverse.WebApi.xml"), Paths.sample("Dataverse.EntityMetadata.xml")]
    }

    /// Generates the Dataverse sample with `configuration` into a new folder; the run and the folder.
    func generateDataverse(_ configuration: String) throws -> (
        status: Int32, errors: String, output: URL, config: String
    ) {
        let config = try Paths.write(configuration, named: "mobilesdkgen-config.json")
        let output = try Paths.temporaryDirectory().appendingPathComponent("Out")
        let (status, _, errors) = try run(["generate"] + Self.dataverse + ["--config", config, "-o", output.path])
        return (status, errors, output, config)
    }

    @Test func renamesApplyBeforeOtherNamesAndWin() throws {
        let (status, errors, output, _) = try generateDataverse(
            """
            {"renames": {"types": {"contact": "Person", "new_customertier": "Tier"},
                         "properties": {"contact.lastname": "fullName", "contact.emailaddress1": "email"},
                         "enumCases": {"account_industrycode.3": "government"}}}
            """
        )
        #expect(status == 0, "\(errors)")
        let person = try String(contentsOf: output.appendingPathComponent("Person.swift"), encoding: .utf8)
        #expect(person.contains("open class Person: CrmBaseEntity"))
        #expect(person.contains("public final var fullName: Swift.String?"))
        #expect(person.contains("public final var email: Swift.String?"))
        // The property that wanted the name makes way, with a note.
        #expect(person.contains("public final var fullNameValue: Swift.String? { self._get() }"))
        #expect(errors.contains("property contact.fullname is generated as 'fullNameValue': 'fullName' is taken"))
        #expect(person.contains("public final var newCustomerTier: Tier?"))
        let industry = try String(
            contentsOf: output.appendingPathComponent("AccountIndustryCode.swift"),
            encoding: .utf8
        )
        #expect(industry.contains("3: Public Sector|Öffentlicher Sektor\n"))
        #expect(industry.contains("cases: [.manufacturing, .logistics, .government, .software]"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("Contact.swift").path))
    }

    @Test func aRenameThatCollidesIsAnErrorAtTheRenameAndNothingIsWritten() throws {
        let (status, errors, output, config) = try generateDataverse(
            """
            {
              "renames": {
                "types": {"account": "Entity", "contact": "Person", "opportunity": "Person"},
                "properties": {"contact.fullname": "logicalName", "account.name": "display name"}
              }
            }
            """
        )
        #expect(status != 0)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(
            errors.contains(
                "\(config):3:15: error: rename 'account' to 'Entity': the name is the runtime's or the registry's"
            ),
            "\(errors)"
        )
        #expect(
            errors.contains("\(config):3:57: error: rename 'opportunity' to 'Person': another rename chose that name")
        )
        #expect(
            errors.contains(
                """
                \(config):4:20: error: rename 'contact.fullname' to 'logicalName': Person already has a member named \
                'logicalName' (the runtime's, an inherited one or another rename)
                """
            )
        )
        #expect(
            errors.contains(
                "\(config):4:55: error: rename 'account.name' to 'display name': the new name is not a Swift identifier"
            )
        )
    }

    @Test func renamesThatMatchNothingOrAreMisspeltAreReported() throws {
        let (status, errors, _, config) = try generateDataverse(
            #"{"renames": {"types": {"acount": "Customer"}, "properties": {"account.nmae": "title"}}}"#
        )
        #expect(status == 0, "\(errors)")
        #expect(errors.contains("\(config):1:24: warning: rename 'acount' in types matches nothing that is generated"))
        #expect(errors.contains("\(config):1:62: warning: rename 'account.nmae' in properties matches nothing"))

        let (badStatus, badErrors, _, badConfig) = try generateDataverse(
            #"{"renames": {"type": {"account": "Customer"}}}"#
        )
        #expect(badStatus != 0)
        #expect(
            badErrors.contains("\(badConfig):1:14: error: unknown key 'renames.type' (did you mean 'renames.types'?)"),
            "\(badErrors)"
        )
    }

    @Test func inspectListsWhatEachRenameMatches() throws {
        let (status, output, errors) = try run(
            ["inspect"] + Self.dataverse + [
                "--config", Paths.root.appendingPathComponent("SampleMetadata/Dataverse.config.json").path,
            ]
        )
        #expect(status == 0, "\(errors)")
        #expect(output.contains("Renames ("))
        #expect(
            output.contains(
                "  enumCases account_industrycode.3 → government: option 3 of option set AccountIndustryCode"
            )
        )
        #expect(
            output.contains(
                """
                  properties task.regardingobjectid_contact_task → regardingContact: navigation property \
                Microsoft.Dynamics.CRM.task/regardingobjectid_contact_task
                """
            )
        )
        #expect(output.contains("  types new_customertier → CustomerTier: option set new_customertier"))
    }

    @Test func optionSetParametersTypeIntegerParametersByAnOptionSet() throws {
        let (status, errors, output, config) = try generateDataverse(
            """
            {"optionSetParameters": {
              "WinOpportunity.Status": "opportunity.statuscode",
              "WinOpportunity.Nothing": "opportunity.statuscode",
              "AddAccountToQueue.QueueId": "account.industrycode",
              "AddAccountToQueue.Priority": "nosuchset"
            }}
            """
        )
        #expect(status == 0, "\(errors)")
        let win = try String(contentsOf: output.appendingPathComponent("WinOpportunityRequest.swift"), encoding: .utf8)
        #expect(win.contains("public init(opportunityClose: CrmBaseEntity, status: OpportunityStatusCode)"))
        #expect(
            errors.contains(
                "\(config):3:3: warning: optionSetParameters entry 'WinOpportunity.Nothing' names no parameter"
            ),
            "\(errors)"
        )
        #expect(
            errors.contains(
                """
                \(config):4:3: warning: parameter 'AddAccountToQueue.QueueId' keeps its type: it is 'Edm.Guid', not \
                Edm.Int32
                """
            )
        )
        #expect(
            errors.contains(
                """
                \(config):5:3: warning: parameter 'AddAccountToQueue.Priority' stays an integer: option set \
                'nosuchset' is not generated
                """
            )
        )
        let queue = try String(
            contentsOf: output.appendingPathComponent("AddAccountToQueueRequest.swift"),
            encoding: .utf8
        )
        #expect(queue.contains("priority: Swift.Int32? = nil"))
    }
}
