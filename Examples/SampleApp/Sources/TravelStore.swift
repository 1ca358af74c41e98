// Wayfarer, a small travel app: its model. The screens read it from the environment
// (`@Environment(TravelStore.self)`); settings edit it through `@Bindable`.
import SwiftUI

/// A place the app suggests: its name, country and story are keys of the app's String Catalog.
struct Destination: Identifiable, Hashable, Sendable {
    let id: String
    let name: LocalizedStringResource
    let country: LocalizedStringResource
    let summary: LocalizedStringResource
    let imageName: String
    /// How many places to see the guide lists.
    let places: Int
    /// A direct flight from the traveller's home airport, in hours.
    let flightHours: Int

    static func == (a: Destination, b: Destination) -> Bool { a.id == b.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A trip the traveller has planned or taken.
struct Trip: Identifiable, Sendable {
    let id: Int
    let destination: Destination
    let start: Date
    let nights: Int
}

enum Units: String, CaseIterable, Identifiable, Sendable {
    case metric, imperial
    var id: String { rawValue }
}

@Observable
final class TravelStore {
    var destinations: [Destination]
    var upcomingTrips: [Trip]
    var pastTrips: [Trip]
    var currency = "EUR"
    var units = Units.metric
    var downloadsMapsOffline = true
    var sendsPriceAlerts = false
    var appVersion = "2.4.1"

    init(destinations: [Destination] = Destination.all, upcomingTrips: [Trip] = Trip.upcoming, pastTrips: [Trip] = Trip.past) {
        self.destinations = destinations
        self.upcomingTrips = upcomingTrips
        self.pastTrips = pastTrips
    }

    /// The guide the Explore tab leads with.
    var featured: Destination { destinations[0] }
}

extension Destination {
    static let lisbon = Destination(id: "lisbon", name: "destination.lisbon", country: "country.portugal",
                                    summary: "destination.lisbon.summary", imageName: "lisbon", places: 24, flightHours: 3)
    static let kyoto = Destination(id: "kyoto", name: "destination.kyoto", country: "country.japan",
                                   summary: "destination.kyoto.summary", imageName: "kyoto", places: 31, flightHours: 13)
    static let reykjavik = Destination(id: "reykjavik", name: "destination.reykjavik", country: "country.iceland",
                                       summary: "destination.reykjavik.summary", imageName: "reykjavik", places: 12, flightHours: 4)
    static let marrakesh = Destination(id: "marrakesh", name: "destination.marrakesh", country: "country.morocco",
                                       summary: "destination.marrakesh.summary", imageName: "marrakesh", places: 18, flightHours: 4)
    static let helsinki = Destination(id: "helsinki", name: "destination.helsinki", country: "country.finland",
                                      summary: "destination.helsinki.summary", imageName: "helsinki", places: 9, flightHours: 2)
    static let capeTown = Destination(id: "capetown", name: "destination.capetown", country: "country.southafrica",
                                      summary: "destination.capetown.summary", imageName: "capetown", places: 15, flightHours: 11)

    static let all: [Destination] = [.lisbon, .kyoto, .reykjavik, .marrakesh, .helsinki, .capeTown]
}

extension Trip {
    /// Dates at noon UTC, so they are the same day in every time zone the app is shown in.
    private static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
    }

    static let upcoming: [Trip] = [
        Trip(id: 1, destination: .lisbon, start: day(2025, 4, 12), nights: 5),
        Trip(id: 2, destination: .kyoto, start: day(2025, 10, 3), nights: 12),
    ]
    static let past: [Trip] = [
        Trip(id: 3, destination: .reykjavik, start: day(2024, 2, 20), nights: 2),
        Trip(id: 4, destination: .helsinki, start: day(2023, 12, 8), nights: 1),
    ]
}
