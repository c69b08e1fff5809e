import Foundation
import MobileSdk

/// Folds every decoded value — columns, etag, formatted values, lookup ids, targets and names — into a few numbers,
/// so that equal checksums show both decoders read the same values from the page.
struct Checksum: Equatable, CustomStringConvertible {
    var records = 0
    /// `new_quantity` alone, and every Int32 column (option sets excluded).
    var quantitySum = 0
    var int32Sum = 0
    var int64Sum: Int64 = 0
    var decimalSum = Decimal(0)
    var moneySum = Decimal(0)
    var doubleSum = 0.0
    var trueCount = 0
    var dateSeconds: Int64 = 0
    var dayNumbers = 0
    var optionSum = 0
    var lookups = 0
    var guidFold: UInt64 = 0
    var stringBytes = 0
    var annotationBytes = 0
    var nulls = 0

    var description: String {
        "records \(records), Σ new_quantity \(quantitySum), Σ int32 \(int32Sum), Σ int64 \(int64Sum), Σ decimal \(decimalSum), "
            + "Σ money \(moneySum), Σ double \(String(format: "%.5f", doubleSum)), true \(trueCount), Σ dates \(dateSeconds)s/\(dayNumbers), "
            + "Σ options \(optionSum), lookups \(lookups), guids \(String(guidFold, radix: 16)), string bytes \(stringBytes), "
            + "annotation bytes \(annotationBytes), nulls \(nulls)"
    }

    mutating func string(_ value: String?) {
        guard let value else { return nulls += 1 }
        stringBytes += value.utf8.count
    }

    mutating func annotation(_ value: String?) {
        annotationBytes += value?.utf8.count ?? 0
    }

    mutating func int32(_ value: Int32?) {
        guard let value else { return nulls += 1 }
        int32Sum += Int(value)
    }

    mutating func int64(_ value: Int64?) {
        guard let value else { return nulls += 1 }
        int64Sum &+= value
    }

    mutating func decimal(_ value: Decimal?) {
        guard let value else { return nulls += 1 }
        decimalSum += value
    }

    mutating func money(_ value: Decimal?) {
        guard let value else { return nulls += 1 }
        moneySum += value
    }

    mutating func double(_ value: Double?) {
        guard let value else { return nulls += 1 }
        doubleSum += value
    }

    mutating func bool(_ value: Bool?) {
        guard let value else { return nulls += 1 }
        if value { trueCount += 1 }
    }

    mutating func date(_ value: Date?) {
        guard let value else { return nulls += 1 }
        dateSeconds += Int64(value.timeIntervalSince1970)
    }

    mutating func day(year: Int, month: Int, day: Int) {
        dayNumbers += year * 10_000 + month * 100 + day
    }

    mutating func option(_ value: Int32?) {
        guard let value else { return nulls += 1 }
        optionSum += Int(value)
    }

    mutating func guid(_ value: UUID?) {
        guard let value else { return nulls += 1 }
        let bytes = value.uuid
        guidFold = guidFold &* 31 &+ UInt64(bytes.0) &+ UInt64(bytes.7) << 8 &+ UInt64(bytes.15) << 16
    }

    mutating func lookup(id: UUID?, target: String?, name: String?) {
        guard let id else { return nulls += 1 }
        lookups += 1
        guid(id)
        annotation(target)
        annotation(name)
    }
}

extension Checksum {
    /// The checksum of the generated classes, read through their typed properties.
    init(_ records: [NewBenchmarkRecord]) {
        for record in records {
            self.records += 1
            annotation(record.eTag)
            guid(record.newBenchmarkRecordId)
            for text in [record.newName, record.newCode, record.newDescription, record.newEmailAddress, record.newTelephone,
                         record.newCity, record.newCountry, record.newPostalCode, record.newWebSiteUrl, record.newNotes,
                         record.newExternalReference, record.newTags] {
                string(text)
            }
            quantitySum += Int(record.newQuantity ?? 0)
            for value in [record.newQuantity, record.newPriority, record.importSequenceNumber, record.timeZoneRuleVersionNumber,
                          record.utcConversionTimeZoneCode] {
                int32(value)
            }
            int64(record.newSequenceNumber)
            int64(record.versionNumber)
            decimal(record.newDiscountRate)
            decimal(record.newWeight)
            decimal(record.exchangeRate)
            double(record.newLatitude)
            double(record.newLongitude)
            double(record.newScore)
            bool(record.newIsActive)
            bool(record.newIsVip)
            bool(record.newDoNotContact)
            date(record.createdOn)
            date(record.modifiedOn)
            date(record.newLastContactedOn)
            for value in [record.newStartDate, record.newDueDate] {
                if let value { day(year: value.year, month: value.month, day: value.day) } else { nulls += 1 }
            }
            option(record.newCategory?.rawValue)
            option(record.newRegion?.rawValue)
            option(record.newCustomerTier?.rawValue)
            option(record.stateCode?.rawValue)
            option(record.statusCode?.rawValue)
            for name in ["new_category", "new_region", "new_customertier", "statecode", "statuscode", "new_amount", "new_amount_base", "new_budget"] {
                annotation(record.formattedValues[name])
            }
            money(record.newAmount?.value)
            money(record.newAmountBase?.value)
            money(record.newBudget?.value)
            for reference in [record.ownerId, record.owningBusinessUnit, record.createdBy, record.modifiedBy, record.transactionCurrencyId,
                              record.newAccountId, record.newPrimaryContactId, record.newParentRecordId] {
                lookup(id: reference?.id, target: reference?.logicalName, name: reference?.name)
            }
        }
    }

    /// The checksum of the Codable structs.
    init(_ records: [CodableRecord]) {
        for record in records {
            self.records += 1
            annotation(record.etag)
            guid(record.new_benchmarkrecordid)
            for text in [record.new_name, record.new_code, record.new_description, record.new_emailaddress, record.new_telephone,
                         record.new_city, record.new_country, record.new_postalcode, record.new_websiteurl, record.new_notes,
                         record.new_externalreference, record.new_tags] {
                string(text)
            }
            quantitySum += Int(record.new_quantity ?? 0)
            for value in [record.new_quantity, record.new_priority, record.importsequencenumber, record.timezoneruleversionnumber,
                          record.utcconversiontimezonecode] {
                int32(value)
            }
            int64(record.new_sequencenumber)
            int64(record.versionnumber)
            decimal(record.new_discountrate)
            decimal(record.new_weight)
            decimal(record.exchangerate)
            double(record.new_latitude)
            double(record.new_longitude)
            double(record.new_score)
            bool(record.new_isactive)
            bool(record.new_isvip)
            bool(record.new_donotcontact)
            date(record.createdon)
            date(record.modifiedon)
            date(record.new_lastcontactedon)
            for value in [record.new_startdate, record.new_duedate] {
                if let value { day(year: value.year, month: value.month, day: value.day) } else { nulls += 1 }
            }
            option(record.new_category)
            option(record.new_region)
            option(record.new_customertier)
            option(record.statecode)
            option(record.statuscode)
            for text in [record.new_category_formatted, record.new_region_formatted, record.new_customertier_formatted,
                         record.statecode_formatted, record.statuscode_formatted, record.new_amount_formatted,
                         record.new_amount_base_formatted, record.new_budget_formatted] {
                annotation(text)
            }
            money(record.new_amount)
            money(record.new_amount_base)
            money(record.new_budget)
            lookup(id: record.ownerid, target: record.ownerid_target, name: record.ownerid_name)
            lookup(id: record.owningbusinessunit, target: record.owningbusinessunit_target, name: record.owningbusinessunit_name)
            lookup(id: record.createdby, target: record.createdby_target, name: record.createdby_name)
            lookup(id: record.modifiedby, target: record.modifiedby_target, name: record.modifiedby_name)
            lookup(id: record.transactioncurrencyid, target: record.transactioncurrencyid_target, name: record.transactioncurrencyid_name)
            lookup(id: record.new_accountid, target: record.new_accountid_target, name: record.new_accountid_name)
            lookup(id: record.new_primarycontactid, target: record.new_primarycontactid_target, name: record.new_primarycontactid_name)
            lookup(id: record.new_parentrecordid, target: record.new_parentrecordid_target, name: record.new_parentrecordid_name)
        }
    }
}
