/// Tolerant per element (HOURS.md §1): a bad venue, day or daypart is skipped with a warning.
public enum FeedDecoder {
    public static func decode(_ bytes: [UInt8], limits: FeedLimits = .standard) throws(FeedError) -> Feed {
        let document = try JSONParser.parse(bytes, maxValues: limits.values, syntax: FeedError.syntax) {
            .tooLarge("more than \(limits.values) JSON values (a week of real data has about 1,300)")
        }
        return try decode(document, limits: limits)
    }

    public static func decode(_ document: JSONValue, limits: FeedLimits = .standard) throws(FeedError) -> Feed {
        guard case .array(let elements) = document else {
            if case .object = document, let message = document["error"] {
                let text = text(message).map { cut($0, limits.messageBytes) } ?? message.kindName
                throw .upstreamError(UntrustedText.singleLine(text))
            }
            throw .notAVenueList(document.firstKeys.map { "an object with keys \($0) (an older Penn format?)" }
                                 ?? document.kindName)
        }
        var reader = Reader(limits: limits, log: WarningLog(limit: limits.warnings))
        var venues: [Venue] = [], seen: Set<Int> = []
        for (position, element) in elements.enumerated() {
            guard venues.count < limits.venues else {
                reader.log.warn("", "the feed lists \(elements.count) entries; "
                                    + "only the first \(limits.venues) venues are kept")
                break
            }
            guard let venue = reader.venue(element, position: position) else { continue }
            guard seen.insert(venue.id).inserted else {
                reader.log.warn("venue \(venue.id)", "appears again at position \(position); the first one is kept")
                continue
            }
            venues.append(venue)
        }
        venues = reader.withoutOutliers(venues)
        return Feed(venues: venues, warnings: reader.log.warnings, warningCount: reader.log.count)
    }

    static func cut(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var bytes = 0
        return String(text.unicodeScalars.prefix { scalar in
            bytes += UTF8.width(scalar)
            return bytes <= limit
        })
    }

    static func text(_ json: JSONValue?) -> String? { if case .string(let value)? = json { value } else { nil } }

    static func integer(_ json: JSONValue?) -> Int? {
        switch json {
        case .number(let value)?: return value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        case .string(let value)?: return Int(value)
        default: return nil
        }
    }

    static func shown(_ json: JSONValue?) -> String {
        json.map { text($0).map { "'\(cut($0, 40))'" } ?? $0.kindName } ?? "missing"
    }
}

private struct Reader: DecodingPass {
    let limits: FeedLimits
    var log: WarningLog

    mutating func venue(_ json: JSONValue, position: Int) -> Venue? {
        let here = "venue at position \(position)"
        guard case .object = json else { return log.skip(here, "is \(json.kindName), not an object; skipped") }
        guard let id = FeedDecoder.integer(json["id"]) else { return log.skip(here, "has no integer id; skipped") }
        // Cleaned here, not only by `Venue`, so that a name of nothing but controls counts as none.
        let written = log.text(json["name"], limits.textBytes, field: "name", at: "venue \(id)")
            .map { UntrustedText.singleLine(HTMLEntities.decode($0)) } ?? ""
        let name = nonEmpty(written) ?? "Venue \(id)"
        if written.isEmpty { log.warn("venue \(id)", "has no name; shown as '\(name)'") }
        let location = "venue \(id) (\(name))"
        var days: [Day] = []
        switch json["days"] {
        case .array(let elements)?:
            days = keep(elements, "days", limit: limits.daysPerVenue, at: location) {
                $0.day($1, venue: location, position: $2)
            }
        case nil, .null?: log.warn(location, "has no days; its hours are unknown")
        case let other?: log.warn(location, "days is \(other.kindName), not an array; its hours are unknown")
        }
        let address = log.text(json["address"], limits.textBytes, field: "address", at: location)
        let image = log.text(json["image"], limits.textBytes, field: "image", at: location) ?? ""
        return Venue(id: id, name: name, address: address.map(HTMLEntities.decode) ?? "", imageURL: image, days: days)
    }

    mutating func day(_ json: JSONValue, venue: String, position: Int) -> Day? {
        // Built only when a warning needs one: most elements are fine.
        func location() -> String { "\(venue), day \(position)" }
        guard case .object = json else { return log.skip(location(), "is \(json.kindName), not an object; skipped") }
        guard let raw = FeedDecoder.text(json["date"]), let date = LocalDate(parsing: raw) else {
            return log.skip(location(), "date \(FeedDecoder.shown(json["date"])) is not YYYY-MM-DD; day skipped")
        }
        guard CalendarRange.dates.contains(date) else {
            return log.skip(location(), "date '\(raw)' is outside years 0001 to 9999; day skipped")
        }
        func here() -> String { "\(venue), day \(raw)" }
        var dayparts: [Daypart] = []
        if case .array(let elements)? = json["dayparts"] {
            dayparts = keep(elements, "dayparts", limit: limits.daypartsPerDay, at: here()) {
                $0.daypart($1, location: "\(here()), daypart \($2)")
            }
        }
        let closed = FeedDecoder.text(json["status"])?.lowercased() == "closed"
        return Day(date: date, status: closed ? .closed : .listed, dayparts: dayparts)
    }

    mutating func daypart(_ json: JSONValue, location: @autoclosure () -> String) -> Daypart? {
        guard case .object = json else { return log.skip(location(), "is \(json.kindName), not an object; skipped") }
        var times: [FeedTime] = []
        for key in ["starttime", "endtime"] {
            guard let raw = FeedDecoder.text(json[key]), let time = FeedTime(parsing: raw) else {
                return log.skip(location(), "\(key) \(FeedDecoder.shown(json[key])) is not a time; skipped")
            }
            // A time of day is read on 1970-01-01 here, always in range.
            if !CalendarRange.dates.contains(time.written(on: LocalDate(dayNumber: 0)).wall.date) {
                return log.skip(location(), "\(key) '\(FeedDecoder.cut(raw, 40))' is outside years 0001 to 9999; "
                                + "skipped")
            }
            times.append(time)
        }
        let label = log.text(json["label"], limits.textBytes, field: "label", at: location())
        return Daypart(start: times[0], end: times[1], label: label.map(HTMLEntities.decode) ?? "",
                       message: log.text(json["message"], limits.messageBytes, field: "message", at: location()) ?? "")
    }

    /// A stray 2099-12-31 would stretch the coverage over decades, every date up to it read as a closed day.
    mutating func withoutOutliers(_ venues: [Venue]) -> [Venue] {
        let limits = self.limits
        let numbers = venues.flatMap { $0.days.map(\.date.dayNumber) }.sorted()
        guard let first = numbers.first, let last = numbers.last else { return venues }
        let median = numbers[numbers.count / 2]
        let plausible = (median - limits.outlierDays)...(median + limits.outlierDays)
        guard !plausible.contains(first) || !plausible.contains(last) else { return venues }
        return venues.map { venue in
            for day in venue.days where !plausible.contains(day.date.dayNumber) {
                log.warn("venue \(venue.id) (\(venue.name)), day \(day.date)",
                         "is more than \(limits.outlierDays) days from the feed's other dates; skipped as an outlier")
            }
            let kept = venue.days.filter { plausible.contains($0.date.dayNumber) }
            return Venue(id: venue.id, name: venue.name, address: venue.address, imageURL: venue.imageURL, days: kept)
        }
    }
}
