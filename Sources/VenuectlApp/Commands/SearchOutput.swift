import DiningHours
import VenueReports

/// `venuectl search` as text (a line per venue) and as JSON, each result with how it matched.
struct SearchOutput {
    let query: String
    let at: Instant
    let zone: ZoneRules
    let source: FeedSource
    let results: [SearchCommand.Result]

    func text() -> String {
        let ids = results.map { "\($0.hit.venue.id)" }, names = results.map(\.hit.venue.name)
        let kinds = results.map(\.hit.venue.kind.noun)
        let idWidth = ids.map(\.count).max() ?? 0, nameWidth = names.map(\.count).max() ?? 0, kindWidth = kinds.map(\.count).max() ?? 0
        return results.indices.map { index in
            let status = results[index].status
            let state = (status.estimated ? "~" : "") + status.state.rawValue
            return "\(ids[index].padded(to: idWidth))  \(names[index].padded(to: nameWidth))  \(kinds[index].padded(to: kindWidth))  \(state)"
        }.joined(separator: "\n") + "\n"
    }

    func json() -> String {
        let items = results.map { result in
            JSONText.object([
                ("id", "\(result.hit.venue.id)"),
                ("name", JSONText.quote(result.hit.venue.name)),
                ("slug", JSONText.quote(result.hit.venue.slug)),
                ("kind", JSONText.quote(result.hit.venue.kind.rawValue)),
                ("match", JSONText.quote(result.hit.match.name)),
                ("state", JSONText.quote(result.status.state.rawValue)),
                ("estimated", "\(result.status.estimated)"),
            ])
        }
        return Reply.ok([
            ("query", JSONText.quote(query)),
            ("at", JSONText.quote(zone.iso8601(at))),
            ("source", JSONText.quote(source.rawValue)),
            ("tz", JSONText.quote(zone.identifier)),
            ("results", JSONText.array(items)),
        ])
    }
}
