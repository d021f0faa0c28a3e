import DiningHours

/// Sections 4 and 5: the week view and the transitions that `next` and the daemon's
/// push scheduling ask for.
enum ScheduleBenchmarks {
    static func week(_ subject: Subject, _ harness: inout Harness) {
        let timetables = subject.campus.timetables
        let digest = { (days: [DayHours]) in
            days.reduce(0) { $0 &+ $1.blocks.count &+ $1.dayparts.count &+ ($1.known ? 1 : 0) }
        }
        Report.section("4. 7-day view, Timetable.week(from:days: 7) (per venue)")
        for (id, first, label) in [("swift.week", "2023-09-16", "from 2023-09-16 (the feed's week)"),
                                   ("swift.week.projected", "2023-10-01", "from 2023-10-01 (projected)")] {
            let date = subject.date(first)
            let timing = harness.time(operations: timetables.count) {
                sum(timetables) { digest($0.week(from: date, days: 7)) }
            }
            Report.row(id, label, timing, .µs)
        }
    }

    static func transitions(_ subject: Subject, _ harness: inout Harness) {
        let campus = subject.campus
        let t = subject.instant("2023-09-18T12:00")
        let limit = t + 3 * 3600
        let digest = { (transitions: [Transition]) in
            transitions.reduce(0) { $0 &+ $1.at.secondsSinceEpoch &+ $1.venueID }
        }
        Report.section("5. next transitions after 2023-09-18T12:00, through +3 h")

        let whole = harness.time { digest(campus.transitions(after: t, through: limit)) }
        let found = campus.transitions(after: t, through: limit).count
        Report.row("swift.transitions.campus", "Campus.transitions(after:through:), whole campus", whole, .µs,
                   note: "\(found) transitions; builds \(campus.timetables.count) schedules per call")
        let schedules = campus.timetables.map { $0.schedule(around: t) }
        let perVenue = harness.time(operations: schedules.count) {
            sum(schedules) { digest($0.transitions(after: t, through: limit)) }
        }
        Report.row("swift.transitions.schedule", "Schedule.transitions(after:through:), prebuilt, per venue", perVenue, .ns)
    }
}
