/// Turns the venues JSON into a `Feed`, tolerant per element (SPEC §1): a bad venue,
/// day or daypart is skipped with a warning; only a document that is not a venue
/// array at all is an error.
public enum FeedDecoder {
    public static func decode(_ bytes: [UInt8]) throws(FeedError) -> Feed {
        let document: JSONValue
        do { document = try JSONParser.parse(bytes) } catch { throw .syntax(error) }
        return try decode(document)
    }

    public static func decode(_ document: JSONValue) throws(FeedError) -> Feed {
        guard case .array(let elements) = document else {
            if case .object = document, let message = document["error"] {
                throw .upstreamError(text(message) ?? "\(message)")
            }
            if case .object(let members) = document {
                let keys = members.prefix(4).map(\.key).joined(separator: ", ")
                throw .notAVenueList("an object with keys \(keys) (an older Penn format?)")
            }
            throw .notAVenueList(document.kindName)
        }
        var warnings: [FeedWarning] = []
        var venues: [Venue] = []
        var seen: Set<Int> = []
        for (position, element) in elements.enumerated() {
            guard let venue = venue(element, position: position, warnings: &warnings) else { continue }
            guard seen.insert(venue.id).inserted else {
                warnings.append(FeedWarning(location: "venue \(venue.id)", reason: "appears again at position \(position); the first one is kept"))
                continue
            }
            venues.append(venue)
        }
        return Feed(venues: venues, warnings: warnings)
    }

    private static func venue(_ json: JSONValue, position: Int, warnings: inout [FeedWarning]) -> Venue? {
        let here = "venue at position \(position)"
        guard case .object = json else {
            warnings.append(FeedWarning(location: here, reason: "is \(json.kindName), not an object; skipped"))
            return nil
        }
        guard let id = integer(json["id"]) else {
            warnings.append(FeedWarning(location: here, reason: "has no integer id; skipped"))
            return nil
        }
        var name = text(json["name"]).map(HTMLEntities.decode) ?? ""
        if name.isEmpty {
            name = "Venue \(id)"
            warnings.append(FeedWarning(location: "venue \(id)", reason: "has no name; shown as '\(name)'"))
        }
        let location = "venue \(id) (\(name))"
        var days: [Day] = []
        switch json["days"] {
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                if let day = day(element, venue: location, position: index + 1, warnings: &warnings) { days.append(day) }
            }
        case nil, .null?:
            warnings.append(FeedWarning(location: location, reason: "has no days; its hours are unknown"))
        case let other?:
            warnings.append(FeedWarning(location: location, reason: "days is \(other.kindName), not an array; its hours are unknown"))
        }
        return Venue(
            id: id, name: name,
            address: text(json["address"]).map(HTMLEntities.decode) ?? "",
            imageURL: text(json["image"]) ?? "",
            days: days
        )
    }

    private static func day(_ json: JSONValue, venue: String, position: Int, warnings: inout [FeedWarning]) -> Day? {
        // Locations are built only when a warning needs one: most elements are fine.
        func location() -> String { "\(venue), day \(position)" }
        guard case .object = json else {
            warnings.append(FeedWarning(location: location(), reason: "is \(json.kindName), not an object; skipped"))
            return nil
        }
        guard let raw = text(json["date"]), let date = LocalDate(parsing: raw) else {
            let shown = json["date"].map { text($0).map { "'\($0)'" } ?? $0.kindName } ?? "missing"
            warnings.append(FeedWarning(location: location(), reason: "date \(shown) is not YYYY-MM-DD; day skipped"))
            return nil
        }
        func here() -> String { "\(venue), day \(raw)" }
        let status: DayStatus = text(json["status"])?.lowercased() == "closed" ? .closed : .listed
        var dayparts: [Daypart] = []
        if case .array(let elements)? = json["dayparts"] {
            for (index, element) in elements.enumerated() {
                if let daypart = daypart(element, location: "\(here()), daypart \(index + 1)", warnings: &warnings) {
                    dayparts.append(daypart)
                }
            }
        }
        return Day(date: date, status: status, dayparts: dayparts)
    }

    private static func daypart(_ json: JSONValue, location: @autoclosure () -> String, warnings: inout [FeedWarning]) -> Daypart? {
        guard case .object = json else {
            warnings.append(FeedWarning(location: location(), reason: "is \(json.kindName), not an object; skipped"))
            return nil
        }
        var times: [FeedTime] = []
        for key in ["starttime", "endtime"] {
            guard let raw = text(json[key]), let time = FeedTime(parsing: raw) else {
                let shown = json[key].map { text($0).map { "'\($0)'" } ?? $0.kindName } ?? "missing"
                warnings.append(FeedWarning(location: location(), reason: "\(key) \(shown) is not a time; skipped"))
                return nil
            }
            times.append(time)
        }
        return Daypart(
            start: times[0], end: times[1],
            label: text(json["label"]).map(HTMLEntities.decode) ?? "",
            message: text(json["message"]) ?? ""
        )
    }

    private static func text(_ json: JSONValue?) -> String? {
        if case .string(let value)? = json { return value }
        return nil
    }

    private static func integer(_ json: JSONValue?) -> Int? {
        switch json {
        case .number(let value)?: return value == value.rounded() && abs(value) < 1e15 ? Int(value) : nil
        case .string(let value)?: return Int(value)
        default: return nil
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
