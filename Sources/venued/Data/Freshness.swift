import DiningHours

/// What a copy of the feed answers for in the days people ask about: today and the next 14 (HOURS.md §3.3).
struct Answers: Equatable, Sendable {
    var venues = 0
    var venueDays = 0
    var openVenueDays = 0
    var lastDate: LocalDate?
    static let days = 15
}

extension Answers {
    init(_ campus: Campus, today: LocalDate) {
        self.init()
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

/// Keeps good data from being replaced by worse: a fetched copy is refused when, over the next 15 days, it answers for
/// far fewer venues, lists fewer venue-days, or is open on far fewer of them without listing more.
enum Freshness {
    enum Verdict: Equatable { case replace, keep(String) }

    static func judge(held: Answers, candidate: Answers) -> Verdict {
        guard held.venueDays > 0 else {
            guard candidate.venueDays == 0, let heldLast = held.lastDate else { return .replace }
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
