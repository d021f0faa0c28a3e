public struct Transition: Sendable, Equatable {
    public enum Kind: String, Sendable { case opens, closes }
    public let venueID: Int
    public let at: Instant
    public let kind: Kind
    public let label: String?
    public let estimated: Bool
}

extension Schedule {
    public func transitions(after t: Instant, through limit: Instant) -> [Transition] {
        var result: [Transition] = []
        let first = lastBlock(startingAtOrBefore: t) ?? 0
        for block in blocks[first...] {
            if block.start > limit { break }
            if block.start > t {
                let label = nonEmpty(openingInterval(of: block).label)
                result.append(Transition(venueID: venue.id, at: block.start, kind: .opens, label: label,
                                         estimated: block.startEstimated))
            }
            if let end = end(of: block), end.at > t, end.at <= limit {
                result.append(Transition(venueID: venue.id, at: end.at, kind: .closes, label: nil,
                                         estimated: end.estimated))
            }
        }
        return result
    }
}
