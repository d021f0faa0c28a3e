import DiningHours

/// An iCalendar (RFC 5545) document, written content line by content line, so that escaping, folding and line
/// endings are applied here once. Every document it writes has CRLF lines of at most 75 octets, folded at a UTF-8
/// character boundary (§3.1); escaped TEXT values (§3.3.11) holding no control but TAB; other values and
/// parameters with no control at all, a parameter value with `:`, `;` or `,` quoted (§3.2).
package struct ICalendar: Sendable {
    package static let lineLimit = 75

    private(set) package var document = ""

    package init() {}

    package mutating func begin(_ component: String) { line("BEGIN", value: component) }
    package mutating func end(_ component: String) { line("END", value: component) }

    package mutating func text(_ name: String, _ value: String) {
        line(name, value: Self.escapeText(value))
    }

    /// Each value escaped on its own.
    package mutating func textList(_ name: String, _ values: [String]) {
        line(name, value: values.map(Self.escapeText).joined(separator: ","))
    }

    /// A value already in its type's form (a DATE-TIME, a URI, ...): control characters are dropped, nothing is escaped.
    package mutating func line(_ name: String, parameters: KeyValuePairs<String, String> = [:], value: String) {
        var line = name
        for (key, parameter) in parameters { line += ";\(key)=\(Self.parameterValue(parameter))" }
        line += ":" + Self.withoutControls(value)
        document += Self.fold(line)
    }

    /// A line break (CRLF, CR or LF) becomes `\n`; other controls but TAB are dropped (TEXT has no room for them).
    package static func escapeText(_ value: String) -> String {
        var out = ""
        var afterCR = false
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

    /// A double quote, which no parameter value may hold, and controls are dropped.
    package static func parameterValue(_ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && !isControl($0) }))
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(clean)\"" : clean
    }

    private static func withoutControls(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { !isControl($0) }))
    }

    /// RFC 5545's CONTROL, and the C1 controls, which it does not list but no reader wants either.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Cut between characters (an accent stays with its letter), and inside one only when it alone is longer than a
    /// line, then between its scalars: every physical line is valid UTF-8 on its own, for readers that decode a line
    /// before unfolding it.
    package static func fold(_ line: String) -> String {
        var out = ""
        var used = 0
        func append(_ scalar: Unicode.Scalar) {
            if used + UTF8.width(scalar) > lineLimit {
                out += "\r\n "
                used = 1
            }
            out.unicodeScalars.append(scalar)
            used += UTF8.width(scalar)
        }
        for character in line {
            let size = character.utf8.count
            if used + size > lineLimit && size < lineLimit {
                out += "\r\n "
                used = 1
            }
            for scalar in character.unicodeScalars { append(scalar) }
        }
        return out + "\r\n"
    }

    /// The form of DTSTAMP.
    package static func utc(_ instant: Instant) -> String {
        basic(LocalDateTime(wallSeconds: instant.secondsSinceEpoch)) + "Z"
    }

    /// The form used with TZID.
    package static func basic(_ local: LocalDateTime) -> String {
        let (year, month, day) = local.date.components
        return digits(year, 4) + digits(month, 2) + digits(day, 2) + "T" + digits(local.hour, 2) + digits(local.minute, 2) + digits(local.second, 2)
    }

    /// §3.3.14: seconds only when there are some (local mean time), and zero is `+0000`, as `-0000` is forbidden.
    package static func utcOffset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        var text = (seconds < 0 ? "-" : "+") + digits(magnitude / 3600, 2) + digits(magnitude / 60 % 60, 2)
        if magnitude % 60 != 0 { text += digits(magnitude % 60, 2) }
        return text
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension ICalendar {
    /// A VTIMEZONE for `zone` covering every DATE-TIME in `range`, from the engine's own zone rules: one observance per
    /// change of offset, each a plain onset without RRULE or RDATE. That is all §3.6.5 asks, every reader implements
    /// it the same way, and nothing goes wrong when a country changes its rules after the file was written (a POSIX
    /// rule has no exact RRULE for every zone). DTSTART is the onset on the clock in force before it (§3.6.5).
    package mutating func timeZone(_ zone: ZoneRules, covering range: ClosedRange<Instant>) {
        begin("VTIMEZONE")
        text("TZID", zone.identifier)
        if let first = zone.lastTransition(atOrBefore: range.lowerBound) {
            observance(first)
        } else {
            let only = zone.observance(at: range.lowerBound)
            // 1970, or the range's first day if earlier: an onset after an event would leave that event outside every
            // observance.
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

    /// With TZID (§3.3.5 form 3), except the second of two instants a zone shows at the same wall-clock time: a TZID
    /// time in a fold means the first (§3.3.5), so that one is written in UTC.
    package mutating func dateTime(_ name: String, _ instant: Instant, zone: ZoneRules) {
        let local = zone.localDateTime(of: instant)
        if zone.instant(for: local) == instant {
            line(name, parameters: ["TZID": zone.identifier], value: Self.basic(local))
        } else {
            line(name, value: Self.utc(instant))
        }
    }
}
