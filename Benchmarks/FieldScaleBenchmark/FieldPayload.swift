import Foundation

/// The `new_fieldrecord` rows of the field-scale benchmark as a Dataverse Web API sends them for
/// `Prefer: odata.include-annotations="*"`: `@odata.etag`, formatted values on the option sets and the money column,
/// and the lookup's `_x_value` with its `FormattedValue`, `associatednavigationproperty` and `lookuplogicalname`
/// annotations. Some columns are null in some rows.
///
/// Each record is made from its index alone (and its revision: 0 as first read, 1 once changed), so that any page
/// can be made on request, the same bytes on every run and machine, without holding the others.
enum FieldPayload {
    static let formatted = "@OData.Community.Display.V1.FormattedValue"
    static let lookupLogicalName = "@Microsoft.Dynamics.CRM.lookuplogicalname"
    static let navigationProperty = "@Microsoft.Dynamics.CRM.associatednavigationproperty"
    static let serviceRoot = "https://org0a1b2c3d.crm4.dynamics.com/api/data/v9.2/"

    static let categories = ["Hardware", "Software", "Services", "Consulting", "Training", "Support"]
    static let cities = [
        "Seattle", "München", "Zürich", "São Paulo", "Kraków", "Lyon", "Osaka", "Toronto", "Cape Town", "Melbourne",
    ]
    static let words = [
        "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima",
        "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey",
    ]
    static let accounts = [
        "Contoso Ltd", "Fabrikam, Inc.", "Northwind Traders", "Adventure Works", "Tailspin Toys", "Wingtip \"Air\" Co.",
    ]

    /// The record's key: a GUID whose last group is a bijection of the index (so keys are unique) and whose order
    /// is not the index's, as a service's GUIDs are not.
    static func key(_ index: Int) -> String {
        var bytes = ByteText()
        appendKey(index, into: &bytes)
        return String(decoding: bytes.bytes, as: UTF8.self)
    }

    /// Appends the JSON object of record `index` at `revision`.
    static func record(_ index: Int, revision: Int, into json: inout ByteText) {
        var random = SplitMix64(
            seed: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(revision) &* 0xD1B5_4A32_D192_ED03
        )
        json.raw("{\"@odata.etag\":\"W/\\\"")
        json.number(40_000_000 + index * 4 + revision)
        json.raw("\\\"\",\"new_fieldrecordid\":\"")
        appendKey(index, into: &json)
        json.raw("\",\"new_name\":\"Record ")
        json.number(index)
        json.raw(revision > 0 ? " changed " : " ")
        json.raw(pick(words, &random))
        json.raw(" ")
        json.raw(pick(words, &random))
        json.raw("\",\"new_code\":\"FR-")
        json.number(100_000 + index)
        json.raw("\",\"new_description\":\"")
        sentence(&random, words: 12 + Int(random.next() % 20), into: &json)
        json.raw("\",\"new_emailaddress\":\"")
        json.raw(pick(words, &random))
        json.raw(".")
        json.number(index)
        json.raw("@example.com\",\"new_telephone\":\"+1 425 555 ")
        json.number(1000 + Int(random.next() % 9000))
        json.raw("\",\"new_city\":\"")
        json.raw(pick(cities, &random))
        json.raw("\",\"new_postalcode\":\"")
        json.number(10_000 + Int(random.next() % 89_999))
        if index % 4 == 0 {
            json.raw("\",\"new_notes\":null")
        } else {
            json.raw("\",\"new_notes\":\"")
            sentence(&random, words: 20 + Int(random.next() % 40), into: &json)
            // Every tenth note has a line break, which JSON escapes.
            if index % 10 == 1 { json.raw("\\nFollow-up: call back.") }
            json.raw("\"")
        }
        json.raw(",\"new_quantity\":")
        json.number(Int(random.next() % 10_000))
        json.raw(",\"new_priority\":")
        json.number(Int(random.next() % 100))
        json.raw(",\"new_sequencenumber\":")
        json.number(5_000_000_000 + index * 7919)
        json.raw(",\"versionnumber\":")
        json.number(1_250_000 + index * 13 + revision * 20_000_000)
        json.raw(",\"new_discountrate\":")
        json.decimal(Int(random.next() % 5_000), scale: 2)
        if index % 8 == 0 {
            json.raw(",\"new_weight\":null")
        } else {
            json.raw(",\"new_weight\":")
            json.decimal(Int(random.next() % 100_000_000), scale: 4)
        }
        json.raw(",\"new_latitude\":")
        json.decimal(Int(random.next() % 18_000_000) - 9_000_000, scale: 5)
        json.raw(",\"new_longitude\":")
        json.decimal(Int(random.next() % 36_000_000) - 18_000_000, scale: 5)
        json.raw(",\"new_score\":")
        json.decimal(Int(random.next() % 10_000), scale: 2)
        json.raw(random.next() % 5 != 0 ? ",\"new_isactive\":true" : ",\"new_isactive\":false")
        json.raw(random.next() % 7 == 0 ? ",\"new_isvip\":true" : ",\"new_isvip\":false")
        let created = 1_640_995_200 + Int(random.next() % 94_608_000)  // 2022-01-01 … 2024-12-31
        json.raw(",\"createdon\":\"")
        json.timestamp(created)
        json.raw("\",\"modifiedon\":\"")
        json.timestamp(created + Int(random.next() % 8_640_000) + revision * 31_536_000)
        if index % 6 == 0 {
            json.raw("\",\"new_lastcontactedon\":null")
        } else {
            json.raw("\",\"new_lastcontactedon\":\"")
            json.timestamp(created + Int(random.next() % 31_536_000))
            json.raw("\"")
        }
        let startDay = created / 86_400 + Int(random.next() % 60)
        json.raw(",\"new_startdate\":\"")
        json.day(startDay)
        if index % 5 == 0 {
            json.raw("\",\"new_duedate\":null")
        } else {
            json.raw("\",\"new_duedate\":\"")
            json.day(startDay + 14 + Int(random.next() % 120))
            json.raw("\"")
        }
        let category = Int(random.next() % UInt64(categories.count))
        json.raw(",\"new_category\(formatted)\":\"")
        json.raw(categories[category])
        json.raw("\",\"new_category\":")
        json.number(100_000_000 + category)
        let active = random.next() % 6 != 0
        json.raw(",\"statecode\(formatted)\":\"" + (active ? "Active\",\"statecode\":0" : "Inactive\",\"statecode\":1"))
        json.raw(
            ",\"statuscode\(formatted)\":\"" + (active ? "Active\",\"statuscode\":1" : "Inactive\",\"statuscode\":2")
        )
        let cents = Int(random.next() % 100_000_000)
        json.raw(",\"new_amount\(formatted)\":\"€")
        json.grouped(cents / 100)
        json.raw(".")
        json.digits(cents % 100, width: 2)
        json.raw("\",\"new_amount\":")
        json.decimal(cents, scale: 2)
        let account = Int(random.next() % UInt64(accounts.count))
        json.raw(",\"_new_accountid_value\(formatted)\":\"")
        json.escaped(accounts[account])
        json.raw("\",\"_new_accountid_value\(navigationProperty)\":\"new_AccountId\"")
        json.raw(",\"_new_accountid_value\(lookupLogicalName)\":\"account\",\"_new_accountid_value\":\"")
        json.raw("0a0b0c0d-0000-4000-8000-00000000000")
        json.number(account)
        json.raw("\"}")
    }

    /// A removed entry of a Dataverse delta: the bare GUID as its id.
    static func removed(_ index: Int, into json: inout ByteText) {
        json.raw("{\"@odata.context\":\"\(serviceRoot)$metadata#new_fieldrecords/$deletedEntity\",\"id\":\"")
        appendKey(index, into: &json)
        json.raw("\",\"reason\":\"deleted\"}")
    }

    private static func appendKey(_ index: Int, into json: inout ByteText) {
        // Multiplying by an odd number is a bijection of 48-bit values.
        let scrambled = (UInt64(index) &* 0x5DEE_CE66_D) & 0xFFFF_FFFF_FFFF
        var random = SplitMix64(seed: UInt64(index))
        let high = random.next()
        json.hex(high >> 32, digits: 8)
        json.raw("-")
        json.hex(high >> 16 & 0xFFFF, digits: 4)
        json.raw("-4")
        json.hex(high >> 4 & 0xFFF, digits: 3)
        json.raw("-8")
        json.hex(high & 0xFFF, digits: 3)
        json.raw("-")
        json.hex(scrambled, digits: 12)
    }

    private static func pick(_ list: [String], _ random: inout SplitMix64) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }

    private static func sentence(_ random: inout SplitMix64, words count: Int, into json: inout ByteText) {
        for index in 0..<count {
            if index > 0 { json.raw(" ") }
            json.raw(pick(words, &random))
        }
        json.raw(".")
    }
}
