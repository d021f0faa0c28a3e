/// Tolerant per element as `FeedDecoder` is; times without an offset are read in `zone` (MENUS.md, "Times").
public enum MenuDecoder {
    public static func decode(_ bytes: [UInt8], zone: ZoneRules, limits: MenuLimits = .standard)
        throws(MenuError) -> MenuDocument {
        if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<") {
            throw .notAMenuList("an HTML page, not JSON (an error page from the server or a proxy?)")
        }
        let document = try JSONParser.parse(bytes, maxValues: limits.values, syntax: MenuError.syntax) {
            .tooLarge("more than \(limits.values) JSON values (the real body for a day of 1920 Commons has 913)")
        }
        return try decode(document, zone: zone, limits: limits)
    }

    public static func decode(_ document: JSONValue, zone: ZoneRules, limits: MenuLimits = .standard)
        throws(MenuError) -> MenuDocument {
        guard case .array(let elements) = document else {
            throw .notAMenuList(document.firstKeys.map { "an object with keys \($0)" } ?? document.kindName)
        }
        var reader = MenuReader(limits: limits, zone: zone, log: WarningLog(limit: limits.warnings))
        var menus: [Menu] = []
        for (position, element) in elements.enumerated() {
            guard menus.count < limits.menus else {
                reader.log.warn("", "the body lists \(elements.count) menus; only the first \(limits.menus) are kept")
                break
            }
            if let menu = reader.menu(element, position: position + 1) { menus.append(menu) }
        }
        menus.sort(by: MenuBook.order)
        return MenuDocument(menus: menus, warnings: reader.log.warnings, warningCount: reader.log.count)
    }
}

private struct MenuReader: DecodingPass {
    let limits: MenuLimits
    let zone: ZoneRules
    var log: WarningLog

    mutating func text(_ json: JSONValue?, _ limit: Int, field: String, at location: @autoclosure () -> String) -> String {
        if case .string? = json { return log.text(json, limit, field: field, at: location()) ?? "" }
        if let json, json != .null { log.warn(location(), "\(field) is \(json.kindName), not a string; left empty") }
        return ""
    }

    mutating func line(_ json: JSONValue?, field: String, at location: String) -> String {
        UntrustedText.singleLine(text(json, limits.textBytes, field: field, at: location)).trimmingSpaces
    }

    mutating func menu(_ json: JSONValue, position: Int) -> Menu? {
        let here = "menu at position \(position)"
        guard case .object = json else { return log.skip(here, "is \(json.kindName), not an object; skipped") }
        guard let venueID = FeedDecoder.integer(json["venue"]?["venue_id"]) else {
            return log.skip(here, "has no integer venue.venue_id; skipped")
        }
        let venueName = nonEmpty(line(json["venue"]?["name"], field: "venue name", at: here)) ?? "Venue \(venueID)"
        let written = line(json["service"], field: "service", at: here)
        let service = nonEmpty(written) ?? "Meal"
        if written.isEmpty { log.warn(here, "has no service; shown as 'Meal'") }
        let location = "\(here) (\(venueName), \(service))"
        guard let rawDate = FeedDecoder.text(json["date"]), let date = LocalDate(parsing: rawDate) else {
            return log.skip(location, "date \(FeedDecoder.shown(json["date"])) is not YYYY-MM-DD; skipped")
        }
        guard let (start, end) = times(json, date: date, at: location) else { return nil }
        return Menu(venueID: venueID, venueName: venueName, date: date, service: service, start: start, end: end,
                    stations: elements(json["stations"], "station", limit: limits.stationsPerMenu, at: location,
                                       otherwise: "the meal is listed without dishes") { $0.station($1, at: $2) })
    }

    mutating func times(_ json: JSONValue, date: LocalDate, at location: String) -> (Instant, Instant)? {
        var written: [(instant: Instant, wall: LocalDateTime, offset: Int?)] = []
        for key in ["start_time", "end_time"] {
            guard let raw = FeedDecoder.text(json[key]), let time = FeedTime(parsing: raw) else {
                return log.skip(location, "\(key) \(FeedDecoder.shown(json[key])) is not a time; skipped")
            }
            let (wall, offset) = time.written(on: date)
            written.append((zone.instant(for: wall, offset: offset), wall, offset))
        }
        let (start, end) = (written[0], written[1])
        if start.instant < end.instant { return (start.instant, end.instant) }
        guard end.wall < start.wall, end.wall.date == start.wall.date else {
            return log.skip(location, "ends at \(end.wall), not after its start \(start.wall); skipped")
        }
        // Past midnight: the next date's wall clock when the offset is the zone's (DST nights), else a day later.
        if let offset = end.offset, zone.offset(at: end.instant) != offset {
            return (start.instant, end.instant + 86_400)
        }
        return (start.instant, zone.instant(for: end.wall.adding(days: 1)))
    }

    mutating func elements<Element>(_ json: JSONValue?, _ noun: String, limit: Int, at location: String,
                                    otherwise: String, _ decode: (inout Self, JSONValue, String) -> Element?)
        -> [Element] {
        if case .array(let elements)? = json {
            return keep(elements, noun + "s", limit: limit, at: location) {
                decode(&$0, $1, "\(location), \(noun) \($2)")
            }
        }
        if let json, json != .null { log.warn(location, "\(noun)s is \(json.kindName), not an array; \(otherwise)") }
        return []
    }

    mutating func station(_ json: JSONValue, at location: String) -> Station? {
        guard case .object = json else { return log.skip(location, "is \(json.kindName), not an object; skipped") }
        let name = line(json["name"], field: "name", at: location)
        let here = name.isEmpty ? location : "\(location) (\(name))"
        let items = elements(json["items"], "item", limit: limits.itemsPerStation, at: here,
                             otherwise: "the station is left out") { $0.item($1, at: $2) }
        return Station(name: name.isEmpty ? "Station" : name, items: items)
    }

    mutating func item(_ json: JSONValue, at location: String) -> MenuItem? {
        guard case .object = json else { return log.skip(location, "is \(json.kindName), not an object; skipped") }
        let name = line(json["name"], field: "name", at: location)
        guard !name.isEmpty else { return log.skip(location, "has no name; skipped") }
        let here = "\(location) (\(name))"
        let labels = list(json, "allergens", limit: limits.labelsPerItem, at: here).map(MenuLabel.init)
        let ingredients = list(json, "ingredients", limit: limits.ingredientsPerItem, at: here)
        return MenuItem(id: FeedDecoder.integer(json["item_id"]), name: name,
                        description: text(json["description"], limits.longTextBytes, field: "description", at: here),
                        ingredients: ingredients, labels: labels, nutrition: nutrition(json["nutrition_info"], at: here))
    }

    mutating func list(_ json: JSONValue, _ field: String, limit: Int, at location: String) -> [String] {
        let written = text(json[field], limits.longTextBytes, field: field, at: location)
        let parts = written.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        if parts.count > limit { log.warn(location, "\(field) lists more than \(limit); the rest are left out") }
        return Array(parts.prefix(limit))
    }

    mutating func nutrition(_ json: JSONValue?, at location: String) -> Nutrition {
        switch json {
        case nil, .null?: return .none
        case .string(let value)?: return .text(FeedDecoder.cut(value, limits.textBytes))
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
                // Whole numbers as integers ("3", not "3.0").
                case .number(let n): value = abs(n) < 1e15 ? Int(exactly: n).map(String.init) ?? "\(n)" : "\(n)"
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
}
