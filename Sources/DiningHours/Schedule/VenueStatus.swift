public struct VenueStatus: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable { case open, closed, unknown }
    public static let defaultSoon = 15 * 60
    public let state: State
    public let label, message: String?
    /// When open: the block's end; when closed: the next opening within 14 days.
    public let changesAt: Instant?
    public let closingSoon: Bool
    public let estimated: Bool
    public let mealEndsAt: Instant?
    public let nextLabel: String?
    public let unknownReason: UnknownReason?

    public init(state: State, label: String?, message: String?, changesAt: Instant?, closingSoon: Bool,
                estimated: Bool, mealEndsAt: Instant?, nextLabel: String?, unknownReason: UnknownReason? = nil) {
        (self.state, self.label, self.message, self.changesAt) = (state, label, message, changesAt)
        (self.closingSoon, self.estimated, self.mealEndsAt) = (closingSoon, estimated, mealEndsAt)
        (self.nextLabel, self.unknownReason) = (nextLabel, unknownReason)
    }

    public static func unknown(_ reason: UnknownReason) -> VenueStatus {
        VenueStatus(state: .unknown, label: nil, message: nil, changesAt: nil, closingSoon: false,
                    estimated: false, mealEndsAt: nil, nextLabel: nil, unknownReason: reason)
    }
}

extension Schedule {
    public func status(at t: Instant, soon: Int = VenueStatus.defaultSoon) -> VenueStatus {
        let last = lastBlock(startingAtOrBefore: t)
        if let last, blocks[last].contains(t) { return openStatus(at: t, block: blocks[last], soon: soon) }
        let today = zone.localDate(of: t)
        if let reason = timetable.unknownReason(on: today, estimate: estimate) { return .unknown(reason) }
        let index = (last ?? -1) + 1
        let next = index < blocks.count && blocks[index].start - t <= Timetable.lookahead ? blocks[index] : nil
        let estimated = !(coverage?.contains(today) ?? false) || (next?.startEstimated ?? false)
        return VenueStatus(state: .closed, label: nil, message: nil, changesAt: next?.start, closingSoon: false,
                           estimated: estimated, mealEndsAt: nil,
                           nextLabel: next.flatMap { nonEmpty(openingInterval(of: $0).label) })
    }

    private func openStatus(at t: Instant, block: OpenBlock, soon: Int) -> VenueStatus {
        let naming = namingInterval(at: t, in: block)
        let realAtT = intervals[block.members].contains { !$0.estimated && $0.contains(t) }
        let end = end(of: block)
        let mealEnd = naming.map(\.end).flatMap { $0 < block.end && $0 < timetable.writable.upperBound ? $0 : nil }
        return VenueStatus(state: .open, label: naming.flatMap { nonEmpty($0.label) },
                           message: naming.flatMap { nonEmpty($0.message) }, changesAt: end?.at,
                           closingSoon: end.map { $0.at - t <= soon } ?? false,
                           estimated: !realAtT || (end?.estimated ?? true), mealEndsAt: mealEnd, nextLabel: nil)
    }
}

func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
