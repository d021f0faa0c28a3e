import DiningHours

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
