import Foundation

/// The page as Foundation's `JSONDecoder` reads it.
struct CodablePage: Decodable {
    let context: String
    let value: [CodableRecord]

    enum CodingKeys: String, CodingKey {
        case context = "@odata.context"
        case value
    }
}

/// The same columns as the generated `NewBenchmarkRecord`, with the annotations the OData decoder keeps (etag,
/// formatted values of option sets, money and lookups, lookup targets) as members of their own, typed like the
/// generated properties: `UUID`, `Date` (JSONDecoder's `.iso8601` strategy), `CalendarDate` for `Edm.Date`,
/// `Decimal` for decimals and money, `Int32`/`Int64`, option sets as their `Int32` value. Synthesized
/// `Decodable`: optionals go through `decodeIfPresent`, so null and absent both give nil.
struct CodableRecord: Decodable {
    let etag: String?
    let new_benchmarkrecordid: UUID?
    let new_name: String?
    let new_code: String?
    let new_description: String?
    let new_emailaddress: String?
    let new_telephone: String?
    let new_city: String?
    let new_country: String?
    let new_postalcode: String?
    let new_websiteurl: String?
    let new_notes: String?
    let new_externalreference: String?
    let new_tags: String?
    let new_quantity: Int32?
    let new_priority: Int32?
    let importsequencenumber: Int32?
    let timezoneruleversionnumber: Int32?
    let utcconversiontimezonecode: Int32?
    let new_sequencenumber: Int64?
    let versionnumber: Int64?
    let new_discountrate: Decimal?
    let new_weight: Decimal?
    let exchangerate: Decimal?
    let new_latitude: Double?
    let new_longitude: Double?
    let new_score: Double?
    let new_isactive: Bool?
    let new_isvip: Bool?
    let new_donotcontact: Bool?
    let createdon: Date?
    let modifiedon: Date?
    let new_lastcontactedon: Date?
    let new_startdate: CalendarDate?
    let new_duedate: CalendarDate?
    let new_category: Int32?
    let new_category_formatted: String?
    let new_region: Int32?
    let new_region_formatted: String?
    let new_customertier: Int32?
    let new_customertier_formatted: String?
    let statecode: Int32?
    let statecode_formatted: String?
    let statuscode: Int32?
    let statuscode_formatted: String?
    let new_amount: Decimal?
    let new_amount_formatted: String?
    let new_amount_base: Decimal?
    let new_amount_base_formatted: String?
    let new_budget: Decimal?
    let new_budget_formatted: String?
    let ownerid: UUID?
    let ownerid_target: String?
    let ownerid_name: String?
    let owningbusinessunit: UUID?
    let owningbusinessunit_target: String?
    let owningbusinessunit_name: String?
    let createdby: UUID?
    let createdby_target: String?
    let createdby_name: String?
    let modifiedby: UUID?
    let modifiedby_target: String?
    let modifiedby_name: String?
    let transactioncurrencyid: UUID?
    let transactioncurrencyid_target: String?
    let transactioncurrencyid_name: String?
    let new_accountid: UUID?
    let new_accountid_target: String?
    let new_accountid_name: String?
    let new_primarycontactid: UUID?
    let new_primarycontactid_target: String?
    let new_primarycontactid_name: String?
    let new_parentrecordid: UUID?
    let new_parentrecordid_target: String?
    let new_parentrecordid_name: String?

    enum CodingKeys: String, CodingKey {
        case etag = "@odata.etag"
        case new_benchmarkrecordid, new_name, new_code, new_description, new_emailaddress, new_telephone, new_city, new_country
        case new_postalcode, new_websiteurl, new_notes, new_externalreference, new_tags
        case new_quantity, new_priority, importsequencenumber, timezoneruleversionnumber, utcconversiontimezonecode
        case new_sequencenumber, versionnumber, new_discountrate, new_weight, exchangerate, new_latitude, new_longitude, new_score
        case new_isactive, new_isvip, new_donotcontact, createdon, modifiedon, new_lastcontactedon, new_startdate, new_duedate
        case new_category
        case new_category_formatted = "new_category@OData.Community.Display.V1.FormattedValue"
        case new_region
        case new_region_formatted = "new_region@OData.Community.Display.V1.FormattedValue"
        case new_customertier
        case new_customertier_formatted = "new_customertier@OData.Community.Display.V1.FormattedValue"
        case statecode
        case statecode_formatted = "statecode@OData.Community.Display.V1.FormattedValue"
        case statuscode
        case statuscode_formatted = "statuscode@OData.Community.Display.V1.FormattedValue"
        case new_amount
        case new_amount_formatted = "new_amount@OData.Community.Display.V1.FormattedValue"
        case new_amount_base
        case new_amount_base_formatted = "new_amount_base@OData.Community.Display.V1.FormattedValue"
        case new_budget
        case new_budget_formatted = "new_budget@OData.Community.Display.V1.FormattedValue"
        case ownerid = "_ownerid_value"
        case ownerid_target = "_ownerid_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case ownerid_name = "_ownerid_value@OData.Community.Display.V1.FormattedValue"
        case owningbusinessunit = "_owningbusinessunit_value"
        case owningbusinessunit_target = "_owningbusinessunit_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case owningbusinessunit_name = "_owningbusinessunit_value@OData.Community.Display.V1.FormattedValue"
        case createdby = "_createdby_value"
        case createdby_target = "_createdby_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case createdby_name = "_createdby_value@OData.Community.Display.V1.FormattedValue"
        case modifiedby = "_modifiedby_value"
        case modifiedby_target = "_modifiedby_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case modifiedby_name = "_modifiedby_value@OData.Community.Display.V1.FormattedValue"
        case transactioncurrencyid = "_transactioncurrencyid_value"
        case transactioncurrencyid_target = "_transactioncurrencyid_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case transactioncurrencyid_name = "_transactioncurrencyid_value@OData.Community.Display.V1.FormattedValue"
        case new_accountid = "_new_accountid_value"
        case new_accountid_target = "_new_accountid_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case new_accountid_name = "_new_accountid_value@OData.Community.Display.V1.FormattedValue"
        case new_primarycontactid = "_new_primarycontactid_value"
        case new_primarycontactid_target = "_new_primarycontactid_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case new_primarycontactid_name = "_new_primarycontactid_value@OData.Community.Display.V1.FormattedValue"
        case new_parentrecordid = "_new_parentrecordid_value"
        case new_parentrecordid_target = "_new_parentrecordid_value@Microsoft.Dynamics.CRM.lookuplogicalname"
        case new_parentrecordid_name = "_new_parentrecordid_value@OData.Community.Display.V1.FormattedValue"
    }
}

/// `Edm.Date` for the Codable side: `YYYY-MM-DD` read from a single string value, as `DateOnly` holds it.
struct CalendarDate: Decodable, Equatable {
    let year: Int
    let month: Int
    let day: Int

    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let utf8 = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
            }
            return value
        }
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              (1...12).contains(month), (1...31).contains(day)
        else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an Edm.Date"))
        }
        self.year = year
        self.month = month
        self.day = day
    }
}
