/// Turns the venues JSON into a `Feed`, tolerant per element (HOURS.md §1): a bad venue, day or daypart is
/// skipped with a warning; only a document that is not a venue array is an error. Bounded by `FeedLimits`.
public enum FeedDecoder {
    public static func decode(_ bytes: [UInt8], limits: FeedLimits = .standard) throws(FeedError) -> Feed {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes, maxValues: limits.values) } catch {
            if error.exceedsLimit {
                throw .tooLarge("more than \(limits.values) JSON values (a week of real data has about 1,300)")
            }
            throw .syntax(error)
        }
        return try decode(document, limits: limits)
    }

    public static func decode(_ document: JSONValue, limits: FeedLimits = .standard) throws(FeedError) -> Feed {
        guard case .array(let elements) = document else {
            if case .object = document, let message = document["error"] {
                let text = text(message).map { cut($0, limits.messageBytes) } ?? message.kindName
                throw .upstreamError(UntrustedText.singleLine(text))
            }
            if case .object(let members) = document {
                let keys = members.prefix(4).map { cut($0.key, 40) }.joined(separator: ", ")
                throw .notAVenueList("an object with keys \(UntrustedText.singleLine(keys)) (an older Penn format?)")
            }
            throw .notAVenueList(document.kindName)
        }
        var reader = Reader(limits: limits)
        var venues: [Venue] = []
        var seen: Set<Int> = []
        for (position, element) in elements.enumerated() {
            guard venues.count < limits.venues else {
                reader.warn("", "the feed lists \(elements.count) entries; only the first \(limits.venues) venues are kept")
                break
            }
            guard let venue = reader.venue(element, position: position) else { continue }
            guard seen.insert(venue.id).inserted else {
                reader.warn("venue \(venue.id)", "appears again at position \(position); the first one is kept")
                continue
            }
            venues.append(venue)
        }
        venues = reader.withoutOutliers(venues)
        return Feed(venues: venues, warnings: reader.warnings, warningCount: reader.warningCount)
    }

    /// `text` cut to at most `limit` bytes of UTF-8, at a character boundary.
    static func cut(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > limit { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    static func text(_ json: JSONValue?) -> String? {
        if case .string(let value)? = json { return value }
        return nil
    }

    /// A whole number written as a JSON number or a string of digits; nil for a fraction or a too-large id.
    static func integer(_ json: JSONValue?) -> Int? {
        switch json {
        case .number(let value)?: return value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        case .string(let value)?: return Int(value)
        default: return nil
        }
    }
}

private struct Reader {
    let limits: FeedLimits
    private var log: WarningLog
    var warnings: [FeedWarning] { log.warnings }
    var warningCount: Int { log.count }

    init(limits: FeedLimits) {
        self.limits = limits
        self.log = WarningLog(limit: limits.warnings)
    }

    mutating func warn(_ location: @autoclosure () -> String, _ reason: @autoclosure () -> String) {
        log.warn(location(), reason())
    }

    mutating func text(_ json: JSONValue?, _ limit: Int, field: String, at location: @autoclosure () -> String) -> String? {
        log.text(json, limit, field: field, at: location())
    }

    mutating func venue(_ json: JSONValue, position: Int) -> Venue? {
        let limits = self.limits
        let here = "venue at position \(position)"
        guard case .object = json else {
            warn(here, "is \(json.kindName), not an object; skipped")
            return nil
        }
        guard let id = FeedDecoder.integer(json["id"]) else {
            warn(here, "has no integer id; skipped")
            return nil
        }
        // Cleaned here, not only by `Venue`, so that a name of nothing but controls counts as none.
        var name = text(json["name"], limits.textBytes, field: "name", at: "venue \(id)")
            .map { UntrustedText.singleLine(HTMLEntities.decode($0)) } ?? ""
        if name.isEmpty {
            name = "Venue \(id)"
            warn("venue \(id)", "has no name; shown as '\(name)'")
        }
        let location = "venue \(id) (\(name))"
        var days: [Day] = []
        switch json["days"] {
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                guard days.count < limits.daysPerVenue else {
                    warn(location, "lists \(elements.count) days; only the first \(limits.daysPerVenue) are kept")
                    break
                }
                if let day = day(element, venue: location, position: index + 1) { days.append(day) }
            }
        case nil, .null?:
            warn(location, "has no days; its hours are unknown")
        case let other?:
            warn(location, "days is \(other.kindName), not an array; its hours are unknown")
        }
        return Venue(
            id: id, name: name,
            address: text(json["address"], limits.textBytes, field: "address", at: location).map(HTMLEntities.decode) ?? "",
            imageURL: text(json["image"], limits.textBytes, field: "image", at: location) ?? "",
            days: days
        )
    }

    mutating func day(_ json: JSONValue, venue: String, position: Int) -> Day? {
        // Locations are built only when a warning needs one: most elements are fine.
        func location() -> String { "\(venue), day \(position)" }
        let limits = self.limits
        guard case .object = json else {
            warn(location(), "is \(json.kindName), not an object; skipped")
            return nil
        }
        guard let raw = FeedDecoder.text(json["date"]), let date = LocalDate(parsing: raw) else {
            let shown = json["date"].map { FeedDecoder.text($0).map { "'\(FeedDecoder.cut($0, 40))'" } ?? $0.kindName } ?? "missing"
            warn(location(), "date \(shown) is not YYYY-MM-DD; day skipped")
            return nil
        }
        guard CalendarRange.dates.contains(date) else {
            warn(location(), "date '\(raw)' is outside years 0001 to 9999; day skipped")
            return nil
        }
        func here() -> String { "\(venue), day \(raw)" }
        let status: DayStatus = FeedDecoder.text(json["status"])?.lowercased() == "closed" ? .closed : .listed
        var dayparts: [Daypart] = []
        if case .array(let elements)? = json["dayparts"] {
            for (index, element) in elements.enumerated() {
                guard dayparts.count < limits.daypartsPerDay else {
                    warn(here(), "lists \(elements.count) dayparts; only the first \(limits.daypartsPerDay) are kept")
                    break
                }
                if let daypart = daypart(element, location: "\(here()), daypart \(index + 1)") {
                    dayparts.append(daypart)
                }
            }
        }
        return Day(date: date, status: status, dayparts: dayparts)
    }

    mutating func daypart(_ json: JSONValue, location: @autoclosure () -> String) -> Daypart? {
        guard case .object = json else {
            warn(location(), "is \(json.kindName), not an object; skipped")
            return nil
        }
        var times: [FeedTime] = []
        for key in ["starttime", "endtime"] {
            guard let raw = FeedDecoder.text(json[key]), let time = FeedTime(parsing: raw) else {
                let shown = json[key].map { FeedDecoder.text($0).map { "'\(FeedDecoder.cut($0, 40))'" } ?? $0.kindName } ?? "missing"
                warn(location(), "\(key) \(shown) is not a time; skipped")
                return nil
            }
            if let date = time.writtenDate, !CalendarRange.dates.contains(date) {
                warn(location(), "\(key) '\(FeedDecoder.cut(raw, 40))' is outside years 0001 to 9999; skipped")
                return nil
            }
            times.append(time)
        }
        return Daypart(
            start: times[0], end: times[1],
            label: text(json["label"], limits.textBytes, field: "label", at: location()).map(HTMLEntities.decode) ?? "",
            message: text(json["message"], limits.messageBytes, field: "message", at: location()) ?? ""
        )
    }

    /// The venues without days further than `limits.outlierDays` from the feed's median date: one stray 2099-12-31
    /// would otherwise stretch the coverage over decades, every date up to it read as a listed, closed day.
    mutating func withoutOutliers(_ venues: [Venue]) -> [Venue] {
        let limits = self.limits
        let numbers = venues.flatMap { $0.days.map(\.date.dayNumber) }.sorted()
        guard !numbers.isEmpty else { return venues }
        let median = numbers[numbers.count / 2]
        let plausible = (median - limits.outlierDays)...(median + limits.outlierDays)
        guard let first = numbers.first, let last = numbers.last, !plausible.contains(first) || !plausible.contains(last) else {
            return venues
        }
        return venues.map { venue in
            let kept = venue.days.filter { plausible.contains($0.date.dayNumber) }
            for day in venue.days where !plausible.contains(day.date.dayNumber) {
                warn("venue \(venue.id) (\(venue.name)), day \(day.date)",
                     "is more than \(limits.outlierDays) days from the feed's other dates; skipped as an outlier")
            }
            return Venue(id: venue.id, name: venue.name, address: venue.address, imageURL: venue.imageURL, days: kept)
        }
    }
}

extension LocalDate {
    /// `YYYY-MM-DD`, nothing else.
    public init?(parsing text: String) {
        var text = text
        guard let date = text.withUTF8({ buffer -> LocalDate? in
            var scanner = ByteScanner(buffer)
            guard let date = scanner.date(), scanner.atEnd else { return nil }
            return date
        }) else { return nil }
        self = date
    }
}
