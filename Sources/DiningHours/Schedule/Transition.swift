/// An instant at which a venue opens or closes: what `next` lists and what the daemon schedules its pushes by.
public struct Transition: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case opens, closes
    }

    public let venueID: Int
    public let at: Instant
    public let kind: Kind
    /// The label it opens with ("Breakfast"); nil for closings and unlabelled openings.
    public let label: String?
    public let estimated: Bool
}

extension Schedule {
    /// Openings and closings strictly after `t` and no later than `limit`, in time order.
    /// A closing is where its block really ends, even past this schedule's dates.
    public func transitions(after t: Instant, through limit: Instant) -> [Transition] {
        var result: [Transition] = []
        let first = lastBlock(startingAtOrBefore: t) ?? 0
        for block in blocks[first...] {
            if block.start > limit { break }
            if block.start > t {
                let label = openingInterval(of: block).label
                result.append(Transition(venueID: venue.id, at: block.start, kind: .opens,
                                         label: label.isEmpty ? nil : label, estimated: block.startEstimated))
            }
            if let end = end(of: block), end.at > t, end.at <= limit {
                result.append(Transition(venueID: venue.id, at: end.at, kind: .closes, label: nil, estimated: end.estimated))
            }
        }
        return result
    }
}
