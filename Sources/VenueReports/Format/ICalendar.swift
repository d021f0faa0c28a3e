import DiningHours

/// An iCalendar (RFC 5545) document, written content line by content line: the
/// format's escaping, folding and line endings are applied here, once, so a report
/// only says which properties it has.
///
/// Guarantees of every document it writes:
/// - lines end in CRLF (§3.1), and no line is longer than 75 octets before its CRLF:
///   a longer one is folded (CRLF and a space) at a UTF-8 character boundary, never
///   inside a multi-byte character;
/// - TEXT values are escaped (§3.3.11: backslash, semicolon, comma, and a newline as
///   `\n`) and hold no control character but TAB; other values and parameters hold
///   none at all, and a parameter value with `:`, `;` or `,` is quoted (§3.2).
package struct ICalendar: Sendable {
    /// The octets a line may hold before its CRLF (§3.1).
    package static let lineLimit = 75

    /// The document so far.
    private(set) package var document = ""

    package init() {}

    package mutating func begin(_ component: String) { line("BEGIN", value: component) }
    package mutating func end(_ component: String) { line("END", value: component) }

    /// A property whose value is TEXT (SUMMARY, LOCATION, DESCRIPTION, TZNAME, ...).
    package mutating func text(_ name: String, _ value: String) {
        line(name, value: Self.escapeText(value))
    }

    /// A property whose value is a list of TEXT (CATEGORIES), each escaped on its own.
    package mutating func textList(_ name: String, _ values: [String]) {
        line(name, value: values.map(Self.escapeText).joined(separator: ","))
    }

    /// A property whose value is already in its type's form (a DATE-TIME, a UTC-OFFSET,
    /// a URI, an enumerated word): control characters are dropped, nothing is escaped.
    package mutating func line(_ name: String, parameters: KeyValuePairs<String, String> = [:], value: String) {
        var line = name
        for (key, parameter) in parameters { line += ";\(key)=\(Self.parameterValue(parameter))" }
        line += ":" + Self.withoutControls(value)
        document += Self.fold(line)
    }

    /// §3.3.11: `\` `;` `,` escaped with a backslash, a line break (CRLF, CR or LF) as
    /// `\n`, other controls but TAB dropped (TEXT has no room for them).
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

    /// A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; a double quote,
    /// which no parameter value may hold, and controls are dropped.
    package static func parameterValue(_ value: String) -> String {
        let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && !isControl($0) }))
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(clean)\"" : clean
    }

    private static func withoutControls(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter { !isControl($0) }))
    }

    /// RFC 5545's CONTROL: U+0000–U+001F and U+007F. C1 controls are not listed there,
    /// but no reader wants them either.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `line` as physical lines with CRLF: at most 75 octets each, continuations
    /// starting with the one space that unfolding removes (§3.1). Cut between characters
    /// (grapheme clusters: an accent stays with its letter), and inside one only when it
    /// alone is longer than a line, then between its Unicode scalars: every physical line
    /// is valid UTF-8 on its own, for readers that decode a line before unfolding it.
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

    /// A DATE-TIME in UTC (`20231105T060000Z`), the form of DTSTAMP.
    package static func utc(_ instant: Instant) -> String {
        basic(LocalDateTime(wallSeconds: instant.secondsSinceEpoch)) + "Z"
    }

    /// A local DATE-TIME without zone (`20231105T013000`), the form used with TZID.
    package static func basic(_ local: LocalDateTime) -> String {
        let (year, month, day) = local.date.components
        return digits(year, 4) + digits(month, 2) + digits(day, 2) + "T" + digits(local.hour, 2) + digits(local.minute, 2) + digits(local.second, 2)
    }

    /// A UTC-OFFSET (§3.3.14): `-0500`, `+0530`, seconds only when there are some
    /// (local mean time: `-045602`). Zero is `+0000`: §3.3.14 forbids `-0000`.
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
    /// A VTIMEZONE for `zone` that holds for every DATE-TIME in `range`, made from the
    /// engine's own zone rules (the ones every answer is computed with), not from a
    /// table of its own.
    ///
    /// One observance per change of offset, each with its DTSTART and no RRULE or RDATE:
    /// the one in force at the start of the range (DTSTART at the change that began it,
    /// however long ago), then each change inside the range. RFC 5545 §3.6.5 asks only
    /// that the observances in effect over the calendar's date-times be there, and a
    /// list of plain onsets is the form every reader implements the same way: no rule to
    /// re-derive (a POSIX rule such as `M3.2.0` has no exact RRULE for every zone: hours
    /// past 24, Julian days), nothing that goes wrong when a country changes its rules
    /// after the file was written. A zone that has kept one offset for 400 years gets
    /// one observance from 1970 (or from the range's first day, when that is earlier).
    ///
    /// DTSTART is the onset on the clock in force before it (§3.6.5's examples: 02:00
    /// for both of New York's changes), and names DAYLIGHT or STANDARD as the zone data
    /// does; TZNAME is the zone's abbreviation when it has one.
    package mutating func timeZone(_ zone: ZoneRules, covering range: ClosedRange<Instant>) {
        begin("VTIMEZONE")
        text("TZID", zone.identifier)
        if let first = zone.lastTransition(atOrBefore: range.lowerBound) {
            observance(first)
        } else {
            let only = zone.observance(at: range.lowerBound)
            // 1970, or the range's first day if earlier: an onset after an event would
            // leave that event outside every observance.
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

    /// A DATE-TIME property at `instant` on `zone`'s clock, with TZID (§3.3.5 form 3).
    /// An instant whose wall-clock time the zone shows twice and that is the second of
    /// the two (a feed time written with its offset, in a fall-back hour) cannot be
    /// named that way, since a TZID time in a fold means the first (§3.3.5): it is
    /// written in UTC instead.
    package mutating func dateTime(_ name: String, _ instant: Instant, zone: ZoneRules) {
        let local = zone.localDateTime(of: instant)
        if zone.instant(for: local) == instant {
            line(name, parameters: ["TZID": zone.identifier], value: Self.basic(local))
        } else {
            line(name, value: Self.utc(instant))
        }
    }
}
