/// Safe to print by construction: the initialiser cleans its text, however the venue was made.
public struct Venue: Sendable, Identifiable, Equatable {
    public let id: Int
    public let name, address, imageURL: String
    public let days: [Day]

    public init(id: Int, name: String, address: String = "", imageURL: String = "", days: [Day]) {
        (self.id, self.days, self.imageURL) = (id, days, UntrustedText.singleLine(imageURL))
        (self.name, self.address) = (UntrustedText.singleLine(name), UntrustedText.singleLine(address))
    }

    /// The feed has no category field; these are the ids Penn's own apps treat as dining halls.
    public static let diningHallIDs: Set<Int> = [593, 636, 637, 638, 747, 1442]
    public var kind: VenueKind { Self.diningHallIDs.contains(id) ? .diningHall : .retail }
}

public enum VenueKind: String, Sendable, CaseIterable {
    case diningHall = "dining_hall"
    case retail
    public var heading: String { self == .diningHall ? "Dining Halls" : "Retail" }
}

public struct Day: Sendable, Equatable {
    public let date: LocalDate
    public let status: DayStatus
    public let dayparts: [Daypart]

    public init(date: LocalDate, status: DayStatus = .listed, dayparts: [Daypart]) {
        (self.date, self.status, self.dayparts) = (date, status, dayparts)
    }
}

/// `closed` ("closed" in any case) drops the day's dayparts; `listed` ("open", "", null, missing) keeps them.
public enum DayStatus: Sendable, Equatable { case closed, listed }

public struct Daypart: Sendable, Equatable {
    public let start, end: FeedTime
    public let label, message: String

    public init(start: FeedTime, end: FeedTime, label: String, message: String = "") {
        (self.start, self.end) = (start, end)
        (self.label, self.message) = (UntrustedText.singleLine(label), UntrustedText.multiline(message))
    }
}

public struct Feed: Sendable {
    public let venues: [Venue]
    public let warnings: [FeedWarning]
    public let warningCount: Int

    public init(venues: [Venue], warnings: [FeedWarning] = [], warningCount: Int? = nil) {
        (self.venues, self.warnings) = (venues, warnings)
        self.warningCount = max(warningCount ?? warnings.count, warnings.count)
    }
}
