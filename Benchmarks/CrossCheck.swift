import DiningHours

/// `venued-bench --check`: the engine's answer for every venue at a set of instants,
/// one line each, in the format `scripts/bench_baseline.py --check` prints, so the
/// two can be compared with `diff`:
///     check <TAB> local wall clock <TAB> venue id <TAB> state <TAB> changes_at <TAB> label
enum CrossCheck {
    /// The instants named in the benchmark (a projected Sunday, and one years past the
    /// horizon), then a sweep every 15 minutes from two days before the feed's first date
    /// to two days after its last (projection on both sides).
    static func instants(_ subject: Subject) -> [LocalDateTime] {
        let named = ["2023-09-18T12:00", "2023-09-16T15:00", "2023-09-22T19:45", "2023-10-01T12:00", "2026-11-22T12:00"]
        let sweepStart = subject.local("2023-09-14T00:00"), sweepEnd = subject.local("2023-09-25T00:00")
        let sweep = stride(from: sweepStart.wallSeconds, to: sweepEnd.wallSeconds, by: 15 * 60)
            .map { LocalDateTime(wallSeconds: $0) }
        return named.map(subject.local) + sweep
    }

    static func run(_ subject: Subject) {
        for local in instants(subject) {
            let t = subject.instant(local)
            for timetable in subject.campus.timetables {
                let status = timetable.status(at: t)
                let changes = status.changesAt.map(subject.zone.iso8601) ?? "null"
                print("check\t\(local)\t\(timetable.venue.id)\t\(status.state.rawValue)\t\(changes)\t\(status.label ?? "null")")
            }
        }
    }
}
