import VenueReports
import DiningHours

/// Section 3: the status of every venue, from prebuilt schedules (what the daemon keeps)
/// down to from-scratch work (what a one-off CLI call does).
enum StatusBenchmarks {
    static func run(_ subject: Subject, _ harness: inout Harness) {
        let zone = subject.zone
        let timetables = subject.campus.timetables
        let count = timetables.count
        let noon = subject.instant("2023-09-18T12:00")
        let projectedNoon = subject.instant("2023-10-01T12:00")
        let rate = { (timing: Timing) in "\(grouped(timing.perSecond)) evaluations/s" }
        let statuses = { (schedules: [Schedule], t: Instant) in sum(schedules) { digest($0.status(at: t)) } }
        Report.section("3. status of every venue (\(count) venues; rows a-d are per venue-status)")

        // A fresh database each time: the read and the parse, not the process's cache.
        let directory = ZoneDatabase.system.directory
        let rules = harness.time { (try? ZoneDatabase(directory: directory).rules("America/New_York"))?.offset(at: noon) ?? 0 }
        Report.row("swift.zone", "setup: ZoneRules from /usr/share/zoneinfo (read, parse, table to 2100)", rules, .µs,
                   note: "once per zone and process (ZoneDatabase caches)")
        let cached = harness.time { (try? ZoneDatabase.system.rules("America/New_York"))?.offset(at: noon) ?? 0 }
        Report.row("swift.zone.cached", "   the same zone again, from ZoneDatabase's cache", cached, .ns)
        let foundationRules = harness.time { FoundationBaseline.transitionTable("America/New_York") }
        Report.row("foundation.zone", "  Foundation: TimeZone transitions 1970-2100 (the engine's old way)", foundationRules, .µs,
                   note: "engine \(oneDecimal(foundationRules.medianNs / rules.medianNs))x faster")

        let campus = harness.time { Campus(feed: subject.feed, zone: zone).timetables.count }
        Report.row("swift.campus", "setup: Campus(feed:zone:), all venues", campus, .µs, note: "once per feed")

        let prebuilt = timetables.map { $0.schedule(around: noon) }
        let inCoverage = harness.time(operations: count) { statuses(prebuilt, noon) }
        Report.row("swift.status.prebuilt", "a) 2023-09-18T12:00, prebuilt Schedule.status(at:)", inCoverage, .ns,
                   note: "\(rate(inCoverage)) (goal >= 1,000,000/s)")
        let reuse = 16
        let reused = harness.time(operations: count * reuse) {
            sum(prebuilt) { schedule in
                var total = 0
                for _ in 0..<reuse { total &+= digest(schedule.status(at: noon)) }
                return total
            }
        }
        Report.row("swift.status.reused", "   same, each Schedule asked \(reuse) times per array access", reused, .ns,
                   note: "\(rate(reused)); without the array-element copy")

        let projectedSchedules = timetables.map { $0.schedule(around: projectedNoon) }
        let projected = harness.time(operations: count) { statuses(projectedSchedules, projectedNoon) }
        Report.row("swift.status.projected", "b) 2023-10-01T12:00 (projected), prebuilt", projected, .ns, note: rate(projected))

        // The feed's week every 10 minutes: open, closed and between-meal answers mixed.
        let weekSchedules = timetables.map { $0.schedule(dates: subject.date("2023-09-14")...subject.date("2023-10-08")) }
        let sweep = stride(from: subject.instant("2023-09-16T00:00").secondsSinceEpoch,
                           to: subject.instant("2023-09-23T00:00").secondsSinceEpoch, by: 600).map(Instant.init)
        let swept = harness.time(operations: count * sweep.count) { sum(sweep) { statuses(weekSchedules, $0) } }
        Report.row("swift.status.sweep", "   feed week every 10 min (\(sweep.count) instants), prebuilt", swept, .ns, note: rate(swept))

        let oneShot = harness.time(operations: count) { sum(timetables) { digest($0.status(at: noon)) } }
        Report.row("swift.status.oneshot", "c) 2023-09-18T12:00, one-shot Timetable.status(at:)", oneShot, .ns,
                   note: "builds a Schedule per call")
        let oneShotProjected = harness.time(operations: count) { sum(timetables) { digest($0.status(at: projectedNoon)) } }
        Report.row("swift.status.oneshot.projected", "   2023-10-01T12:00 (projected), one-shot", oneShotProjected, .ns)

        let fromScratch = harness.time(operations: count) {
            sum(subject.feed.venues) { digest(Timetable(venue: $0, zone: zone).status(at: noon)) }
        }
        Report.row("swift.status.scratch", "d) 2023-09-18T12:00, Timetable(venue:zone:) + status(at:)", fromScratch, .ns,
                   note: "from decoded Venue (times already parsed)")

        let cold = harness.time {
            guard let feed = try? FeedDecoder.decode(subject.bytes) else { return -1 }
            return Campus(feed: feed, zone: zone).statuses(at: noon).reduce(0) { $0 &+ digest($1) }
        }
        Report.row("swift.status.cold", "e) decode + Campus + Campus.statuses(at:), whole campus", cold, .ms,
                   note: "venuectl --data, minus process start")
    }
}
