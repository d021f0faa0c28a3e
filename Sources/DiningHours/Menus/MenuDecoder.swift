/// Turns Penn's menus JSON (`GET /api/dining/menus/YYYY-MM-DD/`) into `Menu`s, tolerant per element as
/// `FeedDecoder` is, bounded by `MenuLimits`, every text cleaned on the way in. `zone` is the venues' zone:
/// times written without an offset are read in it, and so is a meal's end past midnight (MENUS.md, "Times").
public enum MenuDecoder {
    public static func decode(_ bytes: [UInt8], zone: ZoneRules, limits: MenuLimits = .standard) throws(MenuError) -> MenuDocument {
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first == UInt8(ascii: "<") {
            throw .notAMenuList("an HTML page, not JSON (an error page from the server or a proxy?)")
        }
        let document: JSONValue
        do { document = try JSONParser.parse(bytes, maxValues: limits.values) } catch {
            if error.exceedsLimit { throw .tooLarge("more than \(limits.values) JSON values (the real body for a day of 1920 Commons has 913)") }
            throw .syntax(error)
        }
        return try decode(document, zone: zone, limits: limits)
    }

    public static func decode(_ document: JSONValue, zone: ZoneRules, limits: MenuLimits = .standard) throws(MenuError) -> MenuDocument {
        guard case .array(let elements) = document else {
            if case .object(let members) = document {
                let keys = members.prefix(4).map { FeedDecoder.cut($0.key, 40) }.joined(separator: ", ")
                throw .notAMenuList("an object with keys \(UntrustedText.singleLine(keys))")
            }
            throw .notAMenuList(document.kindName)
        }
        var reader = MenuReader(limits: limits, zone: zone)
        var menus: [Menu] = []
        for (position, element) in elements.enumerated() {
            guard menus.count < limits.menus else {
                reader.log.warn("", "the body lists \(elements.count) menus; only the first \(limits.menus) are kept")
                break
            }
            if let menu = reader.menu(element, position: position + 1) { menus.append(menu) }
        }
        menus.sort { ($0.start, $0.venueID, $0.service) < ($1.start, $1.venueID, $1.service) }
        return MenuDocument(menus: menus, warnings: reader.log.warnings, warningCount: reader.log.count)
    }
}

private struct MenuReader {
    let limits: MenuLimits
    let zone: ZoneRules
    var log: WarningLog

    init(limits: MenuLimits, zone: ZoneRules) {
        self.limits = limits
        self.zone = zone
        self.log = WarningLog(limit: limits.warnings)
    }

    /// A string field cut to `limit`, or "" when it is missing or null; a warning when it is some other type.
    mutating func text(_ json: JSONValue?, _ limit: Int, field: String, at location: @autoclosure () -> String) -> String {
        switch json {
        case nil, .null?: return ""
        case .string?: return log.text(json, limit, field: field, at: location()) ?? ""
        case let other?:
            log.warn(location(), "\(field) is \(other.kindName), not a string; left empty")
            return ""
        }
    }

    mutating func menu(_ json: JSONValue, position: Int) -> Menu? {
        let here = "menu at position \(position)"
        guard case .object = json else {
            log.warn(here, "is \(json.kindName), not an object; skipped")
            return nil
        }
        guard let venueID = FeedDecoder.integer(json["venue"]?["venue_id"]) else {
            log.warn(here, "has no integer venue.venue_id; skipped")
            return nil
        }
        var venueName = UntrustedText.singleLine(text(json["venue"]?["name"], limits.textBytes, field: "venue name", at: here)).trimmingSpaces
        if venueName.isEmpty { venueName = "Venue \(venueID)" }
        var service = UntrustedText.singleLine(text(json["service"], limits.textBytes, field: "service", at: here)).trimmingSpaces
        if service.isEmpty {
            service = "Meal"
            log.warn(here, "has no service; shown as 'Meal'")
        }
        let location = "\(here) (\(venueName), \(service))"
        guard let rawDate = FeedDecoder.text(json["date"]), let date = LocalDate(parsing: rawDate) else {
            log.warn(location, "date \(Self.shown(json["date"])) is not YYYY-MM-DD; skipped")
            return nil
        }
        guard let (start, end) = times(json, date: date, at: location) else { return nil }
        let stations = elements(json["stations"], noun: "station", limit: limits.stationsPerMenu, at: location,
                                otherwise: "the meal is listed without dishes") { $0.station($1, at: $2) }
        return Menu(venueID: venueID, venueName: venueName, date: date, service: service, start: start, end: end, stations: stations)
    }

    /// The meal's start and end as instants; nil, with a warning, when either is not a time or the meal is empty.
    mutating func times(_ json: JSONValue, date: LocalDate, at location: String) -> (Instant, Instant)? {
        var written: [(instant: Instant, wall: LocalDateTime, offset: Int?)] = []
        for key in ["start_time", "end_time"] {
            guard let raw = FeedDecoder.text(json[key]), let time = FeedTime(parsing: raw) else {
                log.warn(location, "\(key) \(Self.shown(json[key])) is not a time; skipped")
                return nil
            }
            switch time {
            case .withOffset(let wall, let offset): written.append((Instant(secondsSinceEpoch: wall.wallSeconds - offset), wall, offset))
            case .wallClock(let wall): written.append((zone.instant(for: wall), wall, nil))
            case .timeOfDay(let second):
                let wall = LocalDateTime(date: date, secondOfDay: second)
                written.append((zone.instant(for: wall), wall, nil))
            }
        }
        let (start, end) = (written[0], written[1])
        if start.instant < end.instant { return (start.instant, end.instant) }
        guard end.wall < start.wall, end.wall.date == start.wall.date else {
            log.warn(location, "ends at \(end.wall), not after its start \(start.wall); skipped")
            return nil
        }
        // Past midnight, as Penn writes late hours: the same wall clock on the next date, read in the venue zone when
        // the data's offset is that zone's (so a DST night keeps its wall clock), else one day of seconds later.
        let nextWall = end.wall.adding(days: 1)
        if let offset = end.offset, zone.offset(at: end.instant) != offset {
            return (start.instant, end.instant + 86_400)
        }
        return (start.instant, zone.instant(for: nextWall))
    }

    /// The first `limit` elements of a `stations` or `items` array that decode; missing or null is none, and
    /// anything else is warned about (`otherwise` says what the reader gets instead).
    mutating func elements<Element>(_ json: JSONValue?, noun: String, limit: Int, at location: String, otherwise: String,
                                    _ decode: (inout MenuReader, JSONValue, String) -> Element?) -> [Element] {
        var kept: [Element] = []
        switch json {
        case .array(let elements)?:
            for (index, element) in elements.enumerated() {
                guard kept.count < limit else {
                    log.warn(location, "lists \(elements.count) \(noun)s; only the first \(limit) are kept")
                    break
                }
                if let decoded = decode(&self, element, "\(location), \(noun) \(index + 1)") { kept.append(decoded) }
            }
        case nil, .null?:
            break
        case let other?:
            log.warn(location, "\(noun)s is \(other.kindName), not an array; \(otherwise)")
        }
        return kept
    }

    mutating func station(_ json: JSONValue, at location: String) -> Station? {
        guard case .object = json else {
            log.warn(location, "is \(json.kindName), not an object; skipped")
            return nil
        }
        let name = UntrustedText.singleLine(text(json["name"], limits.textBytes, field: "name", at: location)).trimmingSpaces
        let here = name.isEmpty ? location : "\(location) (\(name))"
        let items = elements(json["items"], noun: "item", limit: limits.itemsPerStation, at: here,
                             otherwise: "the station is left out") { $0.item($1, at: $2) }
        return Station(name: name.isEmpty ? "Station" : name, items: items)
    }

    mutating func item(_ json: JSONValue, at location: String) -> MenuItem? {
        guard case .object = json else {
            log.warn(location, "is \(json.kindName), not an object; skipped")
            return nil
        }
        let name = UntrustedText.singleLine(text(json["name"], limits.textBytes, field: "name", at: location)).trimmingSpaces
        guard !name.isEmpty else {
            log.warn(location, "has no name; skipped")
            return nil
        }
        let here = "\(location) (\(name))"
        let labels = list(text(json["allergens"], limits.longTextBytes, field: "allergens", at: here),
                          limit: limits.labelsPerItem, field: "allergens", at: here).map(MenuLabel.init)
        let ingredients = list(text(json["ingredients"], limits.longTextBytes, field: "ingredients", at: here),
                               limit: limits.ingredientsPerItem, field: "ingredients", at: here)
        return MenuItem(id: FeedDecoder.integer(json["item_id"]), name: name,
                        description: text(json["description"], limits.longTextBytes, field: "description", at: here),
                        ingredients: ingredients, labels: labels, nutrition: nutrition(json["nutrition_info"], at: here))
    }

    /// A comma-separated field as its non-empty parts, at most `limit` of them.
    mutating func list(_ text: String, limit: Int, field: String, at location: @autoclosure () -> String) -> [String] {
        var parts: [String] = []
        for part in text.split(separator: ",") {
            let trimmed = String(part).trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            guard parts.count < limit else {
                log.warn(location(), "\(field) lists more than \(limit); the rest are left out")
                break
            }
            parts.append(trimmed)
        }
        return parts
    }

    mutating func nutrition(_ json: JSONValue?, at location: String) -> Nutrition {
        switch json {
        case nil, .null?:
            return .none
        case .string(let value)?:
            return .text(FeedDecoder.cut(value, limits.textBytes))
        case .object(let members)?:
            var facts: [(name: String, value: String)] = []
            for member in members {
                guard facts.count < limits.nutritionFacts else {
                    log.warn(location, "nutrition_info has \(members.count) entries; only the first \(limits.nutritionFacts) are kept")
                    break
                }
                let value: String
                switch member.value {
                case .string(let text): value = text
                case .number(let number):
                    // Whole numbers as integers ("3", not "3.0"); others as Swift writes them.
                    value = abs(number) < 1e15 ? Int(exactly: number).map(String.init) ?? "\(number)" : "\(number)"
                default:
                    log.warn(location, "nutrition_info's \(FeedDecoder.cut(member.key, 40)) is \(member.value.kindName); left out")
                    continue
                }
                facts.append((FeedDecoder.cut(member.key, limits.textBytes), FeedDecoder.cut(value, limits.textBytes)))
            }
            return .facts(facts)
        case let other?:
            log.warn(location, "nutrition_info is \(other.kindName); left out")
            return .none
        }
    }

    /// A field as a warning quotes it: its text cut short, else its kind.
    private static func shown(_ json: JSONValue?) -> String {
        json.map { FeedDecoder.text($0).map { "'\(FeedDecoder.cut($0, 40))'" } ?? $0.kindName } ?? "missing"
    }
}
