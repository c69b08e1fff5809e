import Foundation
import Testing
@testable import MobileSdk

/// Dataverse (OData v4) option sets, money, multi-select option sets and lookups with their annotations.
struct DecoderDynamicsTests {
    let lookupName = "_parent_value@Microsoft.Dynamics.CRM.lookuplogicalname"
    let formattedName = "_parent_value@OData.Community.Display.V1.FormattedValue"
    let id = "0c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8"

    @Test func optionSetsAndMoney() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"status": 3, "status@OData.Community.Display.V1.FormattedValue": "Active",
             "revenue": 1234.56, "revenue@OData.Community.Display.V1.FormattedValue": "$1,234.56"}
            """#
        )
        #expect(entity["status"] == .optionSetValue(OptionSetValue(3)))
        #expect(entity["revenue"] == .money(Money(Decimal(string: "1234.56")!)))
        #expect(entity.formattedValues == ["status": "Active", "revenue": "$1,234.56"])
        #expect(
            try jtDecode(JTEverything.self, #"{"revenue": "99.99"}"#)["revenue"]
                == .money(Money(Decimal(string: "99.99")!))
        )
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTEverything.self, #"{"status": 2147483648}"#) }
    }

    @Test func multiSelectOptionSets() throws {
        #expect(
            try jtDecode(JTEverything.self, #"{"channels": "1,2"}"#)["channels"]
                == .optionSetValues([OptionSetValue(1), OptionSetValue(2)])
        )
        #expect(
            try jtDecode(JTEverything.self, #"{"channels": "7"}"#)["channels"] == .optionSetValues([OptionSetValue(7)])
        )
        #expect(
            try jtDecode(JTEverything.self, #"{"channels": " 1, 2 "}"#)["channels"]
                == .optionSetValues([OptionSetValue(1), OptionSetValue(2)])
        )
        #expect(try jtDecode(JTEverything.self, #"{"channels": ""}"#)["channels"] == .optionSetValues([]))
        #expect(
            try jtDecode(JTEverything.self, #"{"channels": [3, 4]}"#)["channels"]
                == .optionSetValues([OptionSetValue(3), OptionSetValue(4)])
        )
        #expect(try jtDecode(JTEverything.self, #"{"channels": null}"#)["channels"] == .null)
        #expect(throws: JSONPayloadError.self) { try jtDecode(JTEverything.self, #"{"channels": "1,x"}"#) }
    }

    @Test func lookupWithAnnotationsBeforeTheValue() throws {
        let entity = try jtDecode(
            JTEverything.self,
            """
            {"\(formattedName)": "Contoso", "\(lookupName)": "account", "_parent_value": "\(id)"}
            """
        )
        #expect(
            entity["parent"] == .entityReference(EntityReference(logicalName: "account", id: jtID1, name: "Contoso"))
        )
        #expect(entity["_parent_value"] == nil)
        #expect(entity.formattedValues == ["parent": "Contoso"])
    }

    @Test func lookupWithAnnotationsAfterTheValue() throws {
        let entity = try jtDecode(
            JTEverything.self,
            """
            {"_parent_value": "\(id.uppercased())", "\(lookupName)": "jtchild", "\(formattedName)": "Child"}
            """
        )
        #expect(entity["parent"] == .entityReference(EntityReference(logicalName: "jtchild", id: jtID1, name: "Child")))
    }

    @Test func lookupTargetFromMetadataWhenNotAnnotated() throws {
        // One possible target: the metadata names it.
        let owner = try jtDecode(JTEverything.self, #"{"_owner_value": "\#(id)"}"#)
        #expect(owner["owner"] == .entityReference(EntityReference(logicalName: "systemuser", id: jtID1)))
        // Several or none: unknown.
        let parent = try jtDecode(JTEverything.self, #"{"_parent_value": "\#(id)"}"#)
        #expect(parent["parent"] == .entityReference(EntityReference(logicalName: "", id: jtID1)))
        let any = try jtDecode(
            JTEverything.self,
            #"{"_anyref_value": "\#(id)", "_anyref_value@Microsoft.Dynamics.CRM.lookuplogicalname": "team"}"#
        )
        #expect(any["anyref"] == .entityReference(EntityReference(logicalName: "team", id: jtID1)))
    }

    @Test func badLookupValuesAreRejected() {
        for json in [#"{"_parent_value": "x"}"#, #"{"_parent_value": 12}"#, #"{"_parent_value": {}}"#] {
            #expect(throws: JSONPayloadError.self, "\(json)") { try jtDecode(JTEverything.self, json) }
        }
    }

    @Test func lookupsTheClassDoesNotKnow() throws {
        // A late-bound entity: `_x_value` with a lookup annotation becomes the lookup `x`.
        let entity = try jtDecode(
            Entity.self,
            """
            {"_primarycontactid_value@Microsoft.Dynamics.CRM.lookuplogicalname": "contact",
             "_primarycontactid_value@OData.Community.Display.V1.FormattedValue": "Ann",
             "_primarycontactid_value": "\(id)", "_other_value": "\(id)", "name": "x"}
            """
        )
        #expect(
            entity["primarycontactid"]
                == .entityReference(EntityReference(logicalName: "contact", id: jtID1, name: "Ann"))
        )
        #expect(entity["_primarycontactid_value"] == nil)
        #expect(entity.formattedValues["primarycontactid"] == "Ann")
        // Without the annotation it stays what its JSON shape says.
        #expect(entity["_other_value"] == .string(id))
        #expect(entity["name"] == .string("x"))
    }

    @Test func formattedValuesOfOtherProperties() throws {
        let entity = try jtDecode(
            JTEverything.self,
            #"""
            {"modified@OData.Community.Display.V1.FormattedValue": "5/1/2024", "modified": "2024-05-01T12:30:00Z",
             "unknown@OData.Community.Display.V1.FormattedValue": "U", "name@Other.Annotation": {"x": [1]}}
            """#
        )
        #expect(entity.formattedValues == ["modified": "5/1/2024", "unknown": "U"])
        #expect(entity["name"] == nil)
    }
}
