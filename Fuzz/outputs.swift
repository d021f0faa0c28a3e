// Fuzz target `outputs`: arbitrary bytes as a feed, and everything venuectl and venued
// print from it: every status format (colour off), `hours`, `next` and `search` as text
// and JSON, the decoder's warnings or its error. Traps when a control character or a
// bidi override survives into any of them (the `\n` of a format's own line breaks
// aside), or when a single-line format's line count moves: a name must never start a
// new line of a bar. The rule is UntrustedText's; the check here is its own.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlApp

/// Every placeholder, so every field of a venue line is written out.
let everyField: StatusTemplate? = try? StatusTemplate(StatusTemplate.Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: "|"))

/// What a terminal, a bar or the bidi algorithm would act on. `\n` is counted apart.
func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x09, 0x0B...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
}

/// Traps unless `text` is free of forbidden scalars and, when `lines` is given, holds
/// exactly that many `\n`.
func check(_ text: String, _ what: String, lines: Int? = nil) {
    var newlines = 0
    for scalar in text.unicodeScalars {
        if scalar == "\n" { newlines += 1; continue }
        if isForbidden(scalar) {
            fatalError("\(what): U+\(String(scalar.value, radix: 16, uppercase: true)) survived in \(text.debugDescription)")
        }
    }
    if let lines, newlines != lines {
        fatalError("\(what): \(newlines) line breaks where the format writes \(lines): \(text.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let feed: Feed
    do { feed = try FeedDecoder.decode(bytes) } catch {
        check("\(error)", "the decoder's error", lines: 0)
        return 0
    }
    for warning in feed.warnings { check(warning.description, "a warning", lines: 0) }
    guard let zone = fuzzZone else { return 0 }
    let campus = Campus(feed: feed, zone: zone)
    for now in fuzzInstants(feed, in: zone) {
        guard let report = try? StatusReport(options: StatusOptions(), campus: campus, source: .file, now: now, dataAge: DataAge()) else { continue }
        let venues = report.rows.count
        let oneLine = venues == 0 ? 0 : 1
        var presentations: [(StatusPresentation, Int?)] = [
            (StatusPresentation(format: .plain), nil),
            (StatusPresentation(format: .plain, userZone: "Europe/Paris", columns: 40), nil),
            (StatusPresentation(format: .json), 1),
            (StatusPresentation(format: .waybar), 1),
            (StatusPresentation(format: .i3blocks), 3),
            (StatusPresentation(format: .i3bar), 1),
            (StatusPresentation(format: .i3statusRS), 1),
            (StatusPresentation(format: .polybar), 1),
            (StatusPresentation(format: .tmux), 1),
            (StatusPresentation(format: .prompt), oneLine),
        ]
        if let everyField { presentations.append((StatusPresentation(format: .template(everyField)), venues)) }
        for (presentation, lines) in presentations {
            check(presentation.render(report), "status --format \(presentation.format.name)", lines: lines)
        }

        let today = zone.localDate(of: now)
        for timetable in campus.timetables.prefix(4) {
            let hours = HoursReport(timetable: timetable, from: today, days: 7, estimate: true, today: today, source: .file)
            check(HoursText(report: hours, userZone: nil, data: "file data").render(), "hours")
            check(HoursJSON.render(hours), "hours --json", lines: 1)
            let hits = VenueSearch("\(timetable.venue.id)").hits(in: feed.venues)
            let results = hits.map { SearchCommand.Result(hit: $0, status: Timetable(venue: $0.venue, zone: zone).status(at: now)) }
            let search = SearchOutput(query: "\(timetable.venue.id)", at: now, zone: zone, source: .file, results: results)
            check(search.text(), "search", lines: max(results.count, 1))
            check(search.json(), "search --json", lines: 1)
        }
        let next = NextReport(campus: campus, at: now, until: now + 2 * 86_400, venues: Set(feed.venues.map(\.id)),
                              estimate: true, source: .file)
        check(NextText(report: next, userZone: nil, data: "file data").render(), "next")
        check(NextJSON.render(next), "next --json", lines: 1)
    }
    return 0
}
