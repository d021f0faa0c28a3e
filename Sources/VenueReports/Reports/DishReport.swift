import DiningHours

/// `venuectl search --dish` (docs/MENUS.md): where and when matching dishes are served, soonest first.
public struct DishReport: Sendable {
    public let query: String, at: Instant, zone: ZoneRules, hits: [DishSearch.Hit]

    public init(query: String, at: Instant, zone: ZoneRules, hits: [DishSearch.Hit]) {
        (self.query, self.at, self.zone, self.hits) = (query, at, zone, hits)
    }

    package func text() -> String {
        let columns = hits.map(\.menu).map { menu in
            [ClockText.day(menu.date), menu.service + " " + MealHours.range(menu, zone: zone), menu.venueName]
        }
        let widths = (0..<3).map { index in columns.map { $0[index].count }.max() ?? 0 }
        return zip(columns, hits).map { row, hit in
            zip(row, widths).map { $0.padded(to: $1) }.joined(separator: "  ") + "  " + hit.item.name
        }.joined(separator: "\n") + "\n"
    }

    public func json() -> String {
        Reply.ok([
            ("query", JSONText.quote(query)), ("at", JSONText.quote(zone.iso8601(at))),
            ("tz", JSONText.quote(zone.identifier)), ("results", JSONText.array(hits.map { hit in
                JSONText.object(MenuJSON.members(hit.menu, zone: zone) + [
                    ("served_now", "\(hit.menu.isServed(at: at))"), ("match", JSONText.quote(hit.match.name)),
                    ("item", MenuJSON.item(hit.item)),
                ])
            })),
        ])
    }
}

extension VenueSearch.Match {
    /// The tier's name in JSON (`search` for venues and for dishes alike).
    package var name: String {
        switch self {
        case .exact: return "exact"
        case .prefix: return "prefix"
        case .wordPrefix: return "word_prefix"
        case .substring: return "substring"
        case .similar: return "similar"
        }
    }
}
