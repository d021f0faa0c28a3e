import DiningHours

/// Meal services as calendar events (docs/calendar.md); days no data speaks for are in `unknownDays`, not just empty.
public struct CalendarReport: Sendable {
    package struct Event: Sendable, Equatable {
        /// `uid` is stable while venue, date, label and start stay, so a re-import replaces the event, not adds a copy.
        package let uid: String, venue: Venue, date: LocalDate, label: String, start: Instant, end: Instant
        package let message: String
        /// `projectedFrom`: the covered date it was projected from, when the data does not cover `date`.
        package let projectedFrom: LocalDate?, menu: Menu?

        package var estimated: Bool { projectedFrom != nil }
    }

    package struct UnknownDays: Sendable, Equatable {
        package let venue: Venue, dates: [LocalDate], reason: UnknownReason
    }

    package let zone: ZoneRules, first: LocalDate, days: Int, stamp: Instant
    public let source: FeedSource
    /// `events` are in start order, then feed order of the venues and of their dayparts.
    package let events: [Event], unknownDays: [UnknownDays], venueCount: Int
    /// Some dates of the run lay after 9999-12-31 and have no events (`CalendarRange`).
    package let cut: Bool
    /// The longest run of dates a calendar covers: the horizon's 21 days and a week of data.
    public static let maximumDays = 28

    public init(venues: [Venue], zone: ZoneRules, from first: LocalDate, days: Int, estimate: Bool,
                stamp: Instant, source: FeedSource, menus: MenuBook = MenuBook([])) {
        self.days = min(max(days, 1), Self.maximumDays)
        (self.zone, self.first, self.stamp, self.source, venueCount) = (zone, first, stamp, source, venues.count)
        cut = CalendarRange.dates(from: first, count: self.days).cut
        var events: [Event] = [], unknown: [UnknownDays] = []
        for venue in venues {
            let timetable = Timetable(venue: venue, zone: zone)
            var seen: Set<String> = [], missing: [(LocalDate, UnknownReason)] = []
            for day in timetable.week(from: first, days: self.days, estimate: estimate) {
                if let reason = day.unknownReason { missing.append((day.date, reason)); continue }
                let source = day.estimated ? timetable.coverage?.projectionSource(for: day.date) : nil
                for daypart in day.dayparts {
                    let uid = Self.uid(venue: venue.id, date: day.date, label: daypart.label, start: zone.localDateTime(of: daypart.start))
                    // A feed may list a daypart twice: a second event with the same UID would replace the first anyway.
                    guard seen.insert(uid).inserted else { continue }
                    events.append(Event(uid: uid, venue: venue, date: day.date, label: daypart.label, start: daypart.start,
                                        end: daypart.end, message: daypart.message, projectedFrom: daypart.estimated ? source : nil,
                                        menu: CalendarMenus.menu(in: menus, venue: venue.id, date: day.date, label: daypart.label, start: daypart.start)))
                }
            }
            // One entry per run of dates unknown for the same reason, said the same way, so a note can name a range.
            for (date, reason) in missing {
                if let last = unknown.last, let lastDate = last.dates.last, last.venue.id == venue.id, last.reason == reason,
                   lastDate.adding(days: 1) == date, reason.detail(on: lastDate) == reason.detail(on: date) {
                    unknown[unknown.count - 1] = UnknownDays(venue: venue, dates: last.dates + [date], reason: reason)
                } else {
                    unknown.append(UnknownDays(venue: venue, dates: [date], reason: reason))
                }
            }
        }
        let order = Dictionary(venues.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.events = events.enumerated().sorted { a, b in
            (a.element.start, order[a.element.venue.id] ?? 0, a.offset) < (b.element.start, order[b.element.venue.id] ?? 0, b.offset)
        }.map(\.element)
        self.unknownDays = unknown
    }

    /// Not the end: Penn moving a closing time updates the service, and a projection shares its real event's UID.
    package static func uid(venue: Int, date: LocalDate, label: String, start: LocalDateTime) -> String {
        let (year, month, day) = date.components
        let slug = Slug.of(label), mmdd = String(month * 100 + day + 10_000).dropFirst()
        let hhmm = String(start.hour * 100 + start.minute + 10_000).dropFirst()
        return "\(venue)-\(year)\(mmdd)-\(slug.isEmpty ? "open" : slug)-\(hhmm)@venued"
    }

    package var range: ClosedRange<Instant> {
        let dayStart = zone.instant(for: LocalDateTime(date: first, secondOfDay: 0))
        let dayEnd = min(zone.instant(for: LocalDateTime(date: first.adding(days: days), secondOfDay: 0)),
                         max(dayStart, zone.writableInstants.upperBound - 1))
        guard let earliest = events.map(\.start).min(), let latest = events.map(\.end).max() else { return dayStart...dayEnd }
        return min(earliest, dayStart)...max(latest, dayEnd)
    }

    public func render() -> String {
        var calendar = ICalendar()
        calendar.begin("VCALENDAR")
        calendar.line("VERSION", value: "2.0")
        calendar.text("PRODID", "-//venued//venuectl calendar//EN")
        calendar.line("CALSCALE", value: "GREGORIAN")
        calendar.line("METHOD", value: "PUBLISH")
        calendar.text("NAME", "Penn Dining")
        calendar.text("X-WR-CALNAME", "Penn Dining")
        calendar.text("X-WR-TIMEZONE", zone.identifier)
        // Even with no event: a reader would take TZID times for UTC, and a VCALENDAR must hold a component.
        calendar.timeZone(zone, covering: range)
        for event in events { write(event, to: &calendar) }
        calendar.end("VCALENDAR")
        return calendar.document
    }

    private func write(_ event: Event, to calendar: inout ICalendar) {
        let info = VenueInfo.bundled[event.venue.id]
        calendar.begin("VEVENT")
        calendar.text("UID", event.uid)
        calendar.line("DTSTAMP", value: ICalendar.utc(stamp))
        calendar.dateTime("DTSTART", event.start, zone: zone)
        calendar.dateTime("DTEND", event.end, zone: zone)
        let label = DaypartLabel.meaningful(event.label, venue: event.venue.name).map { ": " + $0 } ?? ""
        calendar.text("SUMMARY", event.venue.name + label + (event.estimated ? " (estimated)" : ""))
        if let address = info?.address ?? (event.venue.address.isEmpty ? nil : event.venue.address) {
            calendar.text("LOCATION", address)
        }
        if let page = info?.pageURL { calendar.line("URL", value: page) }
        let projected = event.projectedFrom.map {
            "Estimated: the data does not cover this date, so these are the hours of \($0), "
                + "the same weekday in the data."
        }
        let message = event.message.isEmpty ? nil : event.message
        let description = [message, projected, event.menu.map(CalendarMenus.text)].compactMap { $0 }
        if !description.isEmpty { calendar.text("DESCRIPTION", description.joined(separator: "\n\n")) }
        calendar.textList("CATEGORIES", ["Dining"] + (event.estimated ? ["Estimated"] : []))
        calendar.line("STATUS", value: event.estimated ? "TENTATIVE" : "CONFIRMED")
        // A meal service is not an appointment: it must not make its reader look busy.
        calendar.line("TRANSP", value: "TRANSPARENT")
        if event.estimated { calendar.line("X-VENUED-ESTIMATED", value: "TRUE") }
        calendar.end("VEVENT")
    }
}

/// `calendar --menus`: which menu belongs to an event, and how it reads in its DESCRIPTION (docs/MENUS.md).
package enum CalendarMenus {
    /// The menu whose service is the event's label (case and accents aside), else the one starting with the event.
    package static func menu(in book: MenuBook, venue: Int, date: LocalDate, label: String, start: Instant) -> Menu? {
        let meals = book.meals(of: venue, on: date)
        return meals.first { VenueQuery.fold($0.service) == VenueQuery.fold(label) } ?? meals.first { $0.start == start }
    }

    package static func text(_ menu: Menu) -> String {
        let stations = menu.stations.map { station in
            station.name + ": " + station.items.map { item in
                let tags = MenuText.tags(item)
                return item.name + (tags.isEmpty ? "" : " (\(tags))")
            }.joined(separator: "; ")
        }
        return (["Menu (the caterer's labels, not a guarantee):"] + stations).joined(separator: "\n")
    }
}

/// An iCalendar (RFC 5545) document: CRLF lines of at most 75 octets folded at a UTF-8 boundary (§3.1), escaped TEXT
/// (§3.3.11) with no control but TAB, no control elsewhere, a parameter with `:`, `;` or `,` quoted (§3.2).
package struct ICalendar: Sendable {
    package static let lineLimit = 75
    private(set) package var document = ""
    package init() {}
    package mutating func begin(_ component: String) { line("BEGIN", value: component) }
    package mutating func end(_ component: String) { line("END", value: component) }
    package mutating func text(_ name: String, _ value: String) { line(name, value: Self.escapeText(value)) }

    package mutating func textList(_ name: String, _ values: [String]) {
        line(name, value: values.map(Self.escapeText).joined(separator: ","))
    }

    /// A value already in its type's form (a DATE-TIME, a URI): controls are dropped, nothing is escaped.
    package mutating func line(_ name: String, parameters: KeyValuePairs<String, String> = [:], value: String) {
        let parameters = parameters.map { ";\($0.key)=\(Self.parameterValue($0.value))" }.joined()
        let value = String(String.UnicodeScalarView(value.unicodeScalars.filter { !Self.isControl($0) }))
        document += Self.fold(name + parameters + ":" + value)
    }

    /// A line break (CRLF, CR or LF) becomes `\n`; other controls but TAB are dropped (TEXT has no room for them).
    package static func escapeText(_ value: String) -> String {
        var out = "", afterCR = false
        for scalar in value.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !afterCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            default: if !isControl(scalar) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// Drops a double quote, which no parameter value may hold, and controls.
    package static func parameterValue(_ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && !isControl($0) }))
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(clean)\"" : clean
    }

    /// RFC 5545's CONTROL, and the C1 controls, which it does not list but no reader wants either.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Cut between characters (an accent stays with its letter), inside one only when it alone is longer than a line:
    /// every physical line is valid UTF-8 on its own, for readers that decode a line before unfolding it.
    package static func fold(_ line: String) -> String {
        var out = "", used = 0
        func breakBefore(_ size: Int) {
            guard used + size > lineLimit else { return }
            out += "\r\n "
            used = 1
        }
        for character in line {
            if character.utf8.count < lineLimit { breakBefore(character.utf8.count) }
            for scalar in character.unicodeScalars {
                breakBefore(UTF8.width(scalar))
                out.unicodeScalars.append(scalar)
                used += UTF8.width(scalar)
            }
        }
        return out + "\r\n"
    }

    package static func utc(_ instant: Instant) -> String {
        basic(LocalDateTime(wallSeconds: instant.secondsSinceEpoch)) + "Z"
    }

    package static func basic(_ local: LocalDateTime) -> String {
        let (year, month, day) = local.date.components
        return digits(year, 4) + digits(month, 2) + digits(day, 2) + "T" + digits(local.hour, 2) + digits(local.minute, 2) + digits(local.second, 2)
    }

    /// §3.3.14: seconds only when there are some (local mean time), and zero is `+0000`, as `-0000` is forbidden.
    package static func utcOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let text = (seconds < 0 ? "-" : "+") + digits(magnitude / 3600, 2) + digits(magnitude / 60 % 60, 2)
        return text + (magnitude % 60 == 0 ? "" : digits(magnitude % 60, 2))
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension ICalendar {
    /// An observance per change of offset in `range`, no RRULE or RDATE: every reader reads a plain onset alike, and
    /// later rule changes break nothing (not every POSIX rule has an RRULE). DTSTART is on the prior clock (§3.6.5).
    package mutating func timeZone(_ zone: ZoneRules, covering range: ClosedRange<Instant>) {
        begin("VTIMEZONE")
        text("TZID", zone.identifier)
        if let first = zone.lastTransition(atOrBefore: range.lowerBound) {
            observance(first)
        } else {
            let only = zone.observance(at: range.lowerBound)
            // 1970, or the range's first day if earlier: an event before the onset would have no observance.
            let start = zone.localDateTime(of: range.lowerBound).date
            observance(only, from: only.offset, onset: LocalDateTime(date: min(start, LocalDate(dayNumber: 0)), secondOfDay: 0))
        }
        for change in zone.transitions(after: range.lowerBound, through: range.upperBound) { observance(change) }
        end("VTIMEZONE")
    }

    private mutating func observance(_ change: ZoneTransition) {
        let onset = LocalDateTime(wallSeconds: change.at.secondsSinceEpoch + change.before.offset)
        observance(change.after, from: change.before.offset, onset: onset)
    }

    private mutating func observance(_ observance: Observance, from offset: Int, onset: LocalDateTime) {
        let kind = observance.isDaylight ? "DAYLIGHT" : "STANDARD"
        begin(kind)
        line("DTSTART", value: Self.basic(onset))
        line("TZOFFSETFROM", value: Self.utcOffset(offset))
        line("TZOFFSETTO", value: Self.utcOffset(observance.offset))
        if let name = observance.abbreviation { text("TZNAME", name) }
        end(kind)
    }

    /// With TZID, but in UTC for the second of two instants at one wall-clock time: in a fold TZID means the first.
    package mutating func dateTime(_ name: String, _ instant: Instant, zone: ZoneRules) {
        let local = zone.localDateTime(of: instant)
        guard zone.instant(for: local) == instant else { return line(name, value: Self.utc(instant)) }
        line(name, parameters: ["TZID": zone.identifier], value: Self.basic(local))
    }
}
