import DiningHours

/// What a copy of the feed answers for in the days people ask about: today and the
/// next 14 (the lookahead, HOURS.md §3.3). Dates outside them change nothing anyone sees.
struct Answers: Equatable, Sendable {
    /// Venues that list at least one of those dates.
    var venues = 0
    /// (venue, date) pairs listed among those dates, open or closed.
    var venueDays = 0
    /// Of those, the ones with open hours.
    var openVenueDays = 0
    /// The last date listed anywhere; what decides between two copies that both miss the window.
    var lastDate: LocalDate?

    static let days = 15

    init(venues: Int = 0, venueDays: Int = 0, openVenueDays: Int = 0, lastDate: LocalDate? = nil) {
        self.venues = venues
        self.venueDays = venueDays
        self.openVenueDays = openVenueDays
        self.lastDate = lastDate
    }

    init(_ campus: Campus, today: LocalDate) {
        let window = today...today.adding(days: Self.days - 1)
        for timetable in campus.timetables {
            let listed = Set(timetable.venue.days.map(\.date).filter(window.contains))
            if !listed.isEmpty { venues += 1 }
            venueDays += listed.count
            openVenueDays += listed.filter(timetable.hasOpenHours).count
        }
        lastDate = campus.coverage?.last
    }
}

/// The rule that keeps good data from being replaced by worse. The held copy is what
/// users see now, so a fetched copy is judged by what it would show them over the
/// next 15 days, against the held one:
/// - fewer than half as many venues answered for: refused (a one-venue feed);
/// - under 90% of the held venue-days listed: refused (a copy ending sooner);
/// - open hours on under half as many venue-days while listing no more of them:
///   refused (every day "closed"). Listing more days wins over this one, so a real
///   break that closes everything is adopted once the feed covers it;
/// - when the held copy lists none of those days (the bundled 2023 week), any copy
///   that lists some replaces it, and between two that list none, the later last date wins.
/// Ties go to the fetched copy: the newer word on the same dates. Dates years away
/// never count: the decoder drops them as outliers (`FeedLimits.outlierDays`), so one
/// stray 2099-12-31 can neither win this comparison nor lock later copies out.
enum Freshness {
    enum Verdict: Equatable {
        case replace
        case keep(String)
    }

    static func judge(held: Answers, candidate: Answers) -> Verdict {
        guard held.venueDays > 0 else {
            if candidate.venueDays > 0 { return .replace }
            guard let heldLast = held.lastDate else { return .replace }
            guard let last = candidate.lastDate, last >= heldLast else {
                return .keep("its last date (\(candidate.lastDate.map { "\($0)" } ?? "none")) is earlier than the held copy's (\(heldLast))")
            }
            return .replace
        }
        let span = "the next \(Answers.days) days"
        if candidate.venues * 2 < held.venues {
            return .keep("it answers for \(candidate.venues) venues in \(span), the held copy for \(held.venues)")
        }
        if candidate.venueDays * 10 < held.venueDays * 9 {
            return .keep("it lists \(candidate.venueDays) venue-days in \(span), the held copy \(held.venueDays)")
        }
        if candidate.openVenueDays * 2 < held.openVenueDays && candidate.venueDays <= held.venueDays {
            return .keep("it has open hours on \(candidate.openVenueDays) venue-days in \(span), the held copy on \(held.openVenueDays)")
        }
        return .replace
    }
}
