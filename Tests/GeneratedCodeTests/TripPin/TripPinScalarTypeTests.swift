import Foundation
import MobileSdk
import Testing
import TripPinModel

/// Edm primitive types mapped to Swift and runtime types.
struct TripPinScalarTypeTests {
    @Test func dateTimeOfDayAndDuration() {
        let rating = TripRating()
        rating.ratedOn = DateOnly(year: 2024, month: 2, day: 29)
        rating.stars = 5
        #expect(rating["RatedOn"] == .date(DateOnly(year: 2024, month: 2, day: 29)))
        #expect(rating["Stars"] == .byte(5))

        let photo = Photo()
        photo.takenAt = TimeOfDay(hour: 14, minute: 5, second: 30)
        #expect(photo["TakenAt"] == .timeOfDay(TimeOfDay(hour: 14, minute: 5, second: 30)))

        let item = PlanItem()
        item.duration = EdmDuration(seconds: 90)
        #expect(item["Duration"] == .duration(EdmDuration(seconds: 90)))
        item.startsAt = Date(timeIntervalSince1970: 0)
        #expect(item["StartsAt"] == .dateTimeOffset(Date(timeIntervalSince1970: 0)))
    }

    @Test func guidFloatAndBinary() {
        let share = UUID()
        let trip = Trip()
        trip.shareId = share
        trip.budget = 1_500.5
        #expect(trip["ShareId"] == .guid(share))
        #expect(trip["Budget"] == .single(1_500.5))

        let photo = Photo()
        photo.checksum = Data([1, 2, 3])
        #expect(photo.checksum == Data([1, 2, 3]))
    }

    @Test func aKeyNamedIdIsAnOrdinaryProperty() {
        // `Entity` keeps its GUID in `recordId`, so the Edm `Id` property is `id` as written.
        let photo = Photo()
        photo.id = 7
        #expect(photo["Id"] == .int64(7))
        #expect(photo.id == 7)
        #expect(photo.recordId == nil)
        #expect(Photo.attributeName(\.id) == "Id")
    }

    @Test func descriptionIsAnOrdinaryProperty() {
        // `Entity` describes itself through `debugDescription`, so `description` is the attribute.
        let trip = Trip()
        trip.description = "Hiking"
        #expect(trip["Description"] == .string("Hiking"))
        #expect(trip.description == "Hiking")
        #expect(trip.debugDescription == #"Trip {Description: "Hiking"}"#)
        #expect("\(trip)" == #"Trip {Description: "Hiking"}"#)
    }
}
