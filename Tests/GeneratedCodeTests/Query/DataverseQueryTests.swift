import DataverseModel
import Foundation
import MobileSdk
import Testing

/// Typed queries over the Dataverse classes: lookups by their `_x_value` names, option sets as numbers, money,
/// dates and GUIDs in OData v4 literal form.
struct DataverseQueryTests {
    private let id = UUID(uuidString: "7A4814F9-B0B8-EA11-A812-000D3A122B89") ?? UUID()

    private func filter(_ predicate: (Fields<Contact, Contact>) -> FilterExpression<Contact>) throws -> String {
        try #require(try Query<Contact>().filter(predicate).odataQuery(.v4).filter)
    }

    @Test func lookupsOptionSetsDatesAndGuids() throws {
        #expect(
            try filter { $0.parentCustomerId == EntityReference(logicalName: "account", id: id) }
                == "_parentcustomerid_value eq 7a4814f9-b0b8-ea11-a812-000d3a122b89"
        )
        #expect(try filter { $0.preferredContactMethodCode == .email } == "preferredcontactmethodcode eq 2")
        #expect(try filter { $0.birthDate < DateOnly(year: 1990, month: 1, day: 31) } == "birthdate lt 1990-01-31")
        #expect(try filter { $0.contactId == id } == "contactid eq 7a4814f9-b0b8-ea11-a812-000d3a122b89")
        #expect(try filter { $0.doNotEMail == false } == "donotemail eq false")
        #expect(try filter { $0.address1Latitude > 47.5 } == "address1_latitude gt 47.5")
    }

    /// Dataverse's query functions, typed, beside typed conditions and a condition written as text: the text the
    /// Web API documents for each (`Microsoft.Dynamics.CRM.<Function>(PropertyName='…',PropertyValue=…)`).
    @Test func queryFunctionsAndRawConditions() throws {
        func accounts(_ predicate: (Fields<Account, Account>) -> FilterExpression<Account>) throws -> String {
            try #require(try Query<Account>().filter(predicate).odataQuery(.v4).filter)
        }
        #expect(
            try accounts { $0.createdOn.lastXDays(7) && $0.name.hasPrefix("A") }
                == "Microsoft.Dynamics.CRM.LastXDays(PropertyName='createdon',PropertyValue=7) and startswith(name,'A')"
        )
        #expect(try accounts { $0.createdOn.isToday() } == "Microsoft.Dynamics.CRM.Today(PropertyName='createdon')")
        #expect(
            try accounts { $0.accountId.isUnder(id) } == "Microsoft.Dynamics.CRM.Under(PropertyName='accountid',"
                + "PropertyValue='7a4814f9-b0b8-ea11-a812-000d3a122b89')"
        )
        // A lookup is named by its attribute, not by its `_…_value` property.
        #expect(
            try accounts { $0.ownerId.isCurrentUser() } == "Microsoft.Dynamics.CRM.EqualUserId(PropertyName='ownerid')"
        )
        #expect(
            try accounts { $0.name.isInValues(["Contoso", "O'Brien"]) }
                == "Microsoft.Dynamics.CRM.In(PropertyName='name',PropertyValues=['Contoso','O''Brien'])"
        )
        #expect(
            try accounts { $0.numberOfEmployees.isBetween(10, and: 500) }
                == "Microsoft.Dynamics.CRM.Between(PropertyName='numberofemployees',PropertyValues=['10','500'])"
        )
        #expect(
            try accounts {
                $0.revenue > Money(1_000) && .raw("Microsoft.Dynamics.CRM.ThisFiscalYear(PropertyName='createdon')")
            } == "revenue gt 1000 and (Microsoft.Dynamics.CRM.ThisFiscalYear(PropertyName='createdon'))"
        )
        // OData v2 and a path through a relation have no query functions.
        #expect(throws: ODataEncodingError.self) {
            try Query<Account>().filter { $0.createdOn.isToday() }.odataQuery(.v2)
        }
    }

    @Test func moneyAndDateTimes() throws {
        let accounts = try Query<Account>()
            .filter {
                $0.revenue >= Money(Decimal(string: "1000000.50") ?? 0)
                    && $0.createdOn > Date(timeIntervalSince1970: 1_700_000_000)
            }
            .odataQuery(.v4)
        #expect(accounts.filter == "revenue ge 1000000.5 and createdon gt 2023-11-14T22:13:20Z")
    }

    @Test func relatedRecordsAndLookupSelection() throws {
        let query = try Query<Account>().select(\.name, \.ownerId)
            .filter { $0.contactCustomerAccounts.any { $0.eMailAddress1.hasSuffix("@contoso.com") } }
            .expand(\.contactCustomerAccounts) { $0.select(\.eMailAddress1) }.odataQuery(.v4)
        #expect(query.select == ["name", "_ownerid_value"])
        #expect(query.filter == "contact_customer_accounts/any(x0:endswith(x0/emailaddress1,'@contoso.com'))")
        #expect(query.expand == ["contact_customer_accounts($select=emailaddress1)"])
    }

    /// A party list is no property of the Web API: selecting one expands the activity's parties, once.
    @Test func selectingAPartyListExpandsTheActivitysParties() throws {
        let query = try Query<Appointment>().select(\.subject, \.requiredAttendees, \.organizer).odataQuery(.v4)
        #expect(query.select == ["subject"])
        #expect(query.expand == ["appointment_activity_parties"])
        let expanded = try Query<Appointment>().select(\.optionalAttendees).expand(\.appointmentActivityParties)
            .odataQuery(.v4)
        #expect(expanded.select.isEmpty && expanded.expand == ["appointment_activity_parties"])
    }

    @Test func nonASCIITextIsPercentEncodedAsUTF8() throws {
        let query = try Query<Contact>().filter { $0.eMailAddress1 == "zoë@müller.de" }.odataQuery(.v4)
        #expect(query.filter == "emailaddress1 eq 'zoë@müller.de'")
        #expect(query.queryString(.v4) == "$filter=emailaddress1%20eq%20'zo%C3%AB@m%C3%BCller.de'")
    }

    /// The typed query of MobileSdkClient's DocC overview (MobileSdkClient.md), as written there.
    @Test func theReadmeQuery() throws {
        let query = try Query<Contact>().select(\.eMailAddress1, \.parentCustomerId)
            .filter { $0.eMailAddress1.hasSuffix("@contoso.com") && $0.preferredContactMethodCode == .email }
            .filter { $0.parentCustomerAccount.name == "O'Neil Ltd" }.orderBy(\.birthDate, descending: true)
            .expand(\.opportunityCustomerContacts) { $0.select(\.name).top(5) }.top(50).odataQuery(.v4)
        #expect(query.select == ["emailaddress1", "_parentcustomerid_value"])
        #expect(
            query.filter
                == "endswith(emailaddress1,'@contoso.com') and preferredcontactmethodcode eq 2 and parentcustomerid_account/name eq 'O''Neil Ltd'"
        )
        #expect(query.orderBy == ["birthdate desc"])
        #expect(query.expand == ["opportunity_customer_contacts($select=name;$top=5)"])
        #expect(query.top == 50)
    }
}
