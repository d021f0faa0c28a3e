/// A venue's answer at one instant (HOURS.md §3).
public struct VenueStatus: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        case open, closed, unknown
    }

    public static let defaultSoon = 15 * 60

    public let state: State
    /// The current daypart's label while open ("Lunch"); nil otherwise or when unlabelled.
    public let label: String?
    public let message: String?
    /// When open: the block's end; when closed: the next opening within 14 days.
    public let changesAt: Instant?
    public let closingSoon: Bool
    /// The state or `changesAt` comes from projected hours.
    public let estimated: Bool
    /// When the current meal ends, if before the venue closes ("Lunch until 4:30, open until 9:30").
    public let mealEndsAt: Instant?
    /// The label of the next opening while closed ("opens at 5:00 PM for Dinner").
    public let nextLabel: String?
    public let unknownReason: UnknownReason?

    public init(state: State, label: String?, message: String?, changesAt: Instant?, closingSoon: Bool,
                estimated: Bool, mealEndsAt: Instant?, nextLabel: String?, unknownReason: UnknownReason? = nil) {
        self.state = state
        self.label = label
        self.message = message
        self.changesAt = changesAt
        self.closingSoon = closingSoon
        self.estimated = estimated
        self.mealEndsAt = mealEndsAt
        self.nextLabel = nextLabel
        self.unknownReason = unknownReason
    }

    public static func unknown(_ reason: UnknownReason) -> VenueStatus {
        VenueStatus(state: .unknown, label: nil, message: nil, changesAt: nil, closingSoon: false,
                    estimated: false, mealEndsAt: nil, nextLabel: nil, unknownReason: reason)
    }
}

extension Schedule {
    /// The status at `t`, `soon` being the closing-soon threshold in seconds. Ask only where `canAnswer(at: t)` holds.
    public func status(at t: Instant, soon: Int = VenueStatus.defaultSoon) -> VenueStatus {
        if let index = lastBlock(startingAtOrBefore: t), blocks[index].contains(t) {
            return openStatus(at: t, block: blocks[index], soon: soon)
        }
        let today = zone.localDate(of: t)
        if let reason = timetable.unknownReason(on: today, estimate: estimate) { return .unknown(reason) }
        let projected = !(coverage?.contains(today) ?? false)
        let next = nextOpening(after: t)
        return VenueStatus(
            state: .closed, label: nil, message: nil,
            changesAt: next?.start, closingSoon: false,
            estimated: projected || (next?.startEstimated ?? false),
            mealEndsAt: nil,
            nextLabel: next.map { nonEmpty(openingInterval(of: $0).label) } ?? nil
        )
    }

    private func openStatus(at t: Instant, block: OpenBlock, soon: Int) -> VenueStatus {
        let naming = namingInterval(at: t, in: block)
        let realAtT = intervals[block.members].contains { !$0.estimated && $0.contains(t) }
        let blockEnd = end(of: block)
        let end = blockEnd?.at
        let mealEnd = naming.map(\.end).flatMap { $0 < block.end && $0 < timetable.writable.upperBound ? $0 : nil }
        return VenueStatus(
            state: .open,
            label: naming.map(\.label).flatMap(nonEmpty),
            message: naming.map(\.message).flatMap(nonEmpty),
            changesAt: end,
            closingSoon: end.map { $0 - t <= soon } ?? false,
            estimated: !realAtT || (blockEnd?.estimated ?? true),
            mealEndsAt: mealEnd,
            nextLabel: nil
        )
    }

    /// The first block starting after `t` and within the 14-day lookahead.
    func nextOpening(after t: Instant) -> OpenBlock? {
        let index = (lastBlock(startingAtOrBefore: t) ?? -1) + 1
        guard index < blocks.count else { return nil }
        let block = blocks[index]
        guard block.start - t <= Timetable.lookahead else { return nil }
        return block
    }
}

private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
