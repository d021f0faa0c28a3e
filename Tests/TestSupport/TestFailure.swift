/// A test's own failure with the reason: a wait that ran out, a helper that could not start.
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
