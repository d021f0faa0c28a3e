public struct OpenInterval: Sendable, Equatable {
    public let start, end: Instant
    public let label, message: String
    public let feedOrder: Int
    public let estimated: Bool
    public func contains(_ t: Instant) -> Bool { start <= t && t < end }
}

public struct OpenBlock: Sendable, Equatable {
    public let start, end: Instant
    public let startEstimated, endEstimated: Bool
    let members: Range<Int>
    public func contains(_ t: Instant) -> Bool { start <= t && t < end }
}

public struct BlockEnd: Sendable, Equatable {
    public let at: Instant
    public let estimated: Bool
}
