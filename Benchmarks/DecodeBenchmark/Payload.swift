import Foundation
import MobileSdk

/// Builds a Dataverse Web API–style page of `new_benchmarkrecord` rows, the same bytes on every run and machine:
/// `{"@odata.context": …, "value": [ … ]}` with `@odata.etag`, lookups (`_x_value` with `lookuplogicalname`,
/// `associatednavigationproperty` and `FormattedValue` annotations) and formatted values on option sets and money,
/// as Dataverse sends them for `Prefer: odata.include-annotations="*"`. Some columns are null in some rows.
enum Payload {
    static let formatted = "@OData.Community.Display.V1.FormattedValue"
    static let lookupLogicalName = "@Microsoft.Dynamics.CRM.lookuplogicalname"
    static let navigationProperty = "@Microsoft.Dynamics.CRM.associatednavigationproperty"

    static let categories = ["Hardware", "Software", "Services", "Consulting", "Training", "Support"]
    static let regions = ["North America", "Europe", "Asia Pacific", "Latin America", "Middle East and Africa"]
    static let tiers = ["Standard", "Preferred", "Strategic"]
    static let cities = ["Seattle", "München", "Zürich", "São Paulo", "Kraków", "Lyon", "Osaka", "Toronto", "Cape Town", "Melbourne"]
    static let countries = ["United States", "Deutschland", "Schweiz", "Brasil", "Polska", "France", "日本", "Canada", "South Africa", "Australia"]
    static let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima",
                        "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey"]
    static let users = ["Ava Lindqvist", "Bruno Costa", "Chen Wei", "Dana Okafor", "Émile Durand", "Farah Haddad", "Gustav Berg", "Hana Sato"]
    static let contacts = ["Ingrid Holm", "Jonas Weber", "Kofi Mensah", "Lucía Romero", "Marta Nowak", "Nils Eriksen", "Olga Petrova"]
    static let accounts = ["Contoso Ltd", "Fabrikam, Inc.", "Northwind Traders", "Adventure Works", "Tailspin Toys", "Wingtip \"Air\" Co."]

    /// The same records cut into pages of `pageSize`, each but the last with an `@odata.nextLink` of
    /// `nextLink(pageIndex)`, as a service pages a large result.
    static func pages(records: Int, pageSize: Int, nextLink: (Int) -> String) -> [Data] {
        var pages: [Data] = []
        var random = SplitMix64(seed: 0x5EED_0DA7_A000_0001)
        for start in stride(from: 0, to: records, by: pageSize) {
            var json = JSONText()
            json.reserve(pageSize * 5_200)
            json.raw("{\"@odata.context\":\"https://org0a1b2c3d.crm4.dynamics.com/api/data/v9.2/")
            json.raw("$metadata#new_benchmarkrecords\",\"value\":[")
            for index in start..<min(start + pageSize, records) {
                if index > start { json.raw(",") }
                record(index, &random, into: &json)
            }
            json.raw("]")
            if start + pageSize < records {
                json.member("@odata.nextLink", string: nextLink(pages.count + 1), first: false)
            }
            json.raw("}")
            pages.append(Data(json.bytes))
        }
        return pages
    }

    /// The page's JSON text.
    static func make(records: Int) -> Data {
        var json = JSONText()
        json.reserve(records * 5_200)
        json.raw("{\"@odata.context\":\"https://org0a1b2c3d.crm4.dynamics.com/api/data/v9.2/$metadata#new_benchmarkrecords\",\"value\":[")
        var random = SplitMix64(seed: 0x5EED_0DA7_A000_0001)
        for index in 0..<records {
            if index > 0 { json.raw(",") }
            record(index, &random, into: &json)
        }
        json.raw("]}")
        return Data(json.bytes)
    }

    private static func record(_ index: Int, _ random: inout SplitMix64, into json: inout JSONText) {
        json.raw("{")
        json.member("@odata.etag", string: "W/\"\(40_000_000 + index)\"", first: true)
        json.member("new_benchmarkrecordid", string: guid(&random))
        json.member("new_name", string: "Record \(index) \(pick(words, &random)) \(pick(words, &random))")
        json.member("new_code", string: "BR-\(String(100_000 + index))")
        json.member("new_description", string: sentence(&random, words: 12 + Int(random.next() % 20)))
        json.member("new_emailaddress", string: "\(pick(words, &random)).\(index)@example.com")
        json.member("new_telephone", string: "+1 425 555 \(String(1000 + Int(random.next() % 9000)))")
        let place = Int(random.next() % UInt64(cities.count))
        json.member("new_city", string: cities[place])
        json.member("new_country", string: countries[place])
        json.member("new_postalcode", string: String(10_000 + Int(random.next() % 89_999)))
        json.member("new_websiteurl", string: "https://www.\(pick(words, &random))-\(index % 97).example.org/")
        if index % 4 == 0 {
            json.member("new_notes", null: ())
        } else {
            // Every tenth note has a line break, which JSON escapes.
            let note = sentence(&random, words: 40 + Int(random.next() % 60)) + (index % 10 == 1 ? "\nFollow-up: \(pick(words, &random))." : "")
            json.member("new_notes", string: note)
        }
        json.member("new_externalreference", string: "EXT-" + guid(&random).prefix(18))
        if index % 3 == 1 {
            json.member("new_tags", null: ())
        } else {
            json.member("new_tags", string: "\(pick(words, &random));\(pick(words, &random));\(pick(words, &random))")
        }
        json.member("new_quantity", number: String(random.next() % 10_000))
        json.member("new_priority", number: String(random.next() % 100))
        json.member("importsequencenumber", null: ())
        json.member("timezoneruleversionnumber", number: "4")
        json.member("utcconversiontimezonecode", null: ())
        json.member("new_sequencenumber", number: String(5_000_000_000 + Int64(index) * 7919))
        json.member("versionnumber", number: String(1_250_000 + Int64(index) * 13))
        json.member("new_discountrate", number: decimal(random.next() % 5_000, scale: 2))
        if index % 8 == 0 {
            json.member("new_weight", null: ())
        } else {
            json.member("new_weight", number: decimal(random.next() % 100_000_000, scale: 4))
        }
        json.member("exchangerate", number: "1.0000000000")
        json.member("new_latitude", number: decimal(random.next() % 18_000_000, scale: 5, offset: 9_000_000))
        json.member("new_longitude", number: decimal(random.next() % 36_000_000, scale: 5, offset: 18_000_000))
        json.member("new_score", number: decimal(random.next() % 10_000, scale: 2))
        json.member("new_isactive", bool: random.next() % 5 != 0)
        json.member("new_isvip", bool: random.next() % 7 == 0)
        json.member("new_donotcontact", bool: random.next() % 11 == 0)
        let created = 1_640_995_200 + Int64(random.next() % 94_608_000)  // 2022-01-01 … 2024-12-31
        json.member("createdon", string: timestamp(created))
        json.member("modifiedon", string: timestamp(created + Int64(random.next() % 8_640_000)))
        if index % 6 == 0 {
            json.member("new_lastcontactedon", null: ())
        } else {
            json.member("new_lastcontactedon", string: timestamp(created + Int64(random.next() % 31_536_000)))
        }
        let startDay = created / 86_400 + Int64(random.next() % 60)
        json.member("new_startdate", string: day(startDay))
        if index % 5 == 0 {
            json.member("new_duedate", null: ())
        } else {
            json.member("new_duedate", string: day(startDay + 14 + Int64(random.next() % 120)))
        }
        optionSet("new_category", base: 100_000_000, labels: categories, &random, into: &json)
        optionSet("new_region", base: 100_000_000, labels: regions, &random, into: &json)
        optionSet("new_customertier", base: 100_000_000, labels: tiers, &random, into: &json)
        let active = random.next() % 6 != 0
        json.member("statecode" + formatted, string: active ? "Active" : "Inactive")
        json.member("statecode", number: active ? "0" : "1")
        let onHold = active && random.next() % 9 == 0
        json.member("statuscode" + formatted, string: onHold ? "On Hold" : active ? "Active" : "Inactive")
        json.member("statuscode", number: onHold ? "100000000" : active ? "1" : "2")
        let amount = random.next() % 100_000_000
        money("new_amount", cents: amount, into: &json)
        money("new_amount_base", cents: amount, into: &json)
        if index % 7 == 0 {
            json.member("new_budget", null: ())
        } else {
            money("new_budget", cents: random.next() % 1_000_000_000, into: &json)
        }
        let owner = Int(random.next() % UInt64(users.count))
        lookup("ownerid", target: random.next() % 4 == 0 ? "team" : "systemuser", navigation: "ownerid",
               id: principalId(owner), name: users[owner], into: &json)
        lookup("owningbusinessunit", target: "businessunit", navigation: "owningbusinessunit", id: "3f1e0e7c-9a2b-4c5d-8e6f-0a1b2c3d4e5f",
               name: "Contoso Europe", into: &json)
        let creator = Int(random.next() % UInt64(users.count))
        lookup("createdby", target: "systemuser", navigation: "createdby", id: principalId(creator), name: users[creator], into: &json)
        let modifier = Int(random.next() % UInt64(users.count))
        lookup("modifiedby", target: "systemuser", navigation: "modifiedby", id: principalId(modifier), name: users[modifier], into: &json)
        lookup("transactioncurrencyid", target: "transactioncurrency", navigation: "transactioncurrencyid",
               id: "b7c5e0a2-1d3f-4e6a-9b8c-7d6e5f4a3b2c", name: "Euro", into: &json)
        let account = Int(random.next() % UInt64(accounts.count))
        lookup("new_accountid", target: "account", navigation: "new_AccountId", id: guid(&random), name: accounts[account], into: &json)
        if index % 3 == 0 {
            json.member("_new_primarycontactid_value", null: ())
        } else {
            lookup("new_primarycontactid", target: "contact", navigation: "new_PrimaryContactId", id: guid(&random),
                   name: pick(contacts, &random), into: &json)
        }
        if index % 2 == 0 {
            json.member("_new_parentrecordid_value", null: ())
        } else {
            lookup("new_parentrecordid", target: "new_benchmarkrecord", navigation: "new_ParentRecordId", id: guid(&random),
                   name: "Record \(index / 2)", into: &json)
        }
        json.raw("}")
    }

    // MARK: Dataverse shapes

    private static func optionSet(_ name: String, base: Int, labels: [String], _ random: inout SplitMix64, into json: inout JSONText) {
        let option = Int(random.next() % UInt64(labels.count))
        json.member(name + formatted, string: labels[option])
        json.member(name, number: String(base + option))
    }

    private static func money(_ name: String, cents: UInt64, into json: inout JSONText) {
        json.member(name + formatted, string: "€" + grouped(cents / 100) + "." + twoDigits(cents % 100))
        json.member(name, number: decimal(cents, scale: 2))
    }

    private static func lookup(_ attribute: String, target: String, navigation: String, id: String, name: String, into json: inout JSONText) {
        let property = "_\(attribute)_value"
        json.member(property + formatted, string: name)
        json.member(property + navigationProperty, string: navigation)
        json.member(property + lookupLogicalName, string: target)
        json.member(property, string: id)
    }

    // MARK: Values

    private static func pick(_ list: [String], _ random: inout SplitMix64) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }

    private static func sentence(_ random: inout SplitMix64, words count: Int) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 { text += " " }
            text += pick(words, &random)
        }
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    private static func guid(_ random: inout SplitMix64) -> String {
        let high = random.next()
        let low = random.next()
        let hex = String(high, radix: 16).leftPadded(to: 16) + String(low, radix: 16).leftPadded(to: 16)
        let characters = Array(hex)
        return String(characters[0..<8]) + "-" + String(characters[8..<12]) + "-" + String(characters[12..<16]) + "-"
            + String(characters[16..<20]) + "-" + String(characters[20..<32])
    }

    private static func principalId(_ index: Int) -> String {
        "0a0b0c0d-0000-4000-8000-" + String(0x1000_0000_0000 + index, radix: 16)
    }

    /// `value / 10^scale - offset / 10^scale` written with exactly `scale` decimals.
    private static func decimal(_ value: UInt64, scale: Int, offset: UInt64 = 0) -> String {
        let negative = value < offset
        let magnitude = negative ? offset - value : value - offset
        var divisor: UInt64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let fraction = String(magnitude % divisor).leftPadded(to: scale, with: "0")
        return (negative ? "-" : "") + String(magnitude / divisor) + "." + fraction
    }

    private static func grouped(_ value: UInt64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    private static func twoDigits(_ value: UInt64) -> String {
        String(value).leftPadded(to: 2, with: "0")
    }

    /// `YYYY-MM-DDThh:mm:ssZ`, as Dataverse writes date and time columns.
    private static func timestamp(_ seconds: Int64) -> String {
        let time = Int(seconds % 86_400)
        return day(seconds / 86_400) + "T" + twoDigits(UInt64(time / 3600)) + ":" + twoDigits(UInt64(time / 60 % 60)) + ":"
            + twoDigits(UInt64(time % 60)) + "Z"
    }

    /// `YYYY-MM-DD` of a day since 1970-01-01.
    private static func day(_ days: Int64) -> String {
        let date = EdmText.civilFromDays(Int(days))
        return String(date.year) + "-" + twoDigits(UInt64(date.month)) + "-" + twoDigits(UInt64(date.day))
    }
}

/// Appends JSON text to a byte buffer.
struct JSONText {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func member(_ key: String, string value: String, first: Bool = false) {
        self.key(key, first: first)
        quoted(value)
    }

    mutating func member(_ key: String, number: String) {
        self.key(key, first: false)
        raw(number)
    }

    mutating func member(_ key: String, bool: Bool) {
        self.key(key, first: false)
        raw(bool ? "true" : "false")
    }

    mutating func member(_ key: String, null: Void) {
        self.key(key, first: false)
        raw("null")
    }

    private mutating func key(_ key: String, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        quoted(key)
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func quoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
