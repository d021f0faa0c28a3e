import DiningHours

/// The object every successful answer is, whichever program computed it: venued's line
/// on its socket and venuectl's `--json` output, from venued's answer or from its own
/// copy of the data, are one shape, `ok` first and no spaces. So a script reads one
/// object whichever path answered, a client can branch on `ok` before reading the
/// rest, and venuectl prints venued's line as it came, with nothing to strip.
/// Refusals (`Reply.error`, in VenuedProtocol) travel only on venued's socket: venuectl
/// says its own errors on stderr.
package enum Reply {
    package static func ok(_ members: [(String, String)]) -> String {
        let rest = JSONText.object(members).dropFirst()
        return #"{"ok":true"# + (members.isEmpty ? "" : ",") + rest + "\n"
    }

    /// A line of a `subscribe` stream: `event` (snapshot, transition, data, dish) right
    /// after `ok`, then the answer's members. venued pushes it; `watch --json` writes the
    /// same while it follows the local copy.
    package static func event(_ name: String, _ members: [(String, String)]) -> String {
        ok([("event", JSONText.quote(name))] + members)
    }

    package static func time(_ instant: Instant?, _ zone: ZoneRules) -> String {
        JSONText.string(instant.map(zone.iso8601))
    }

    package static func coverage(_ coverage: Coverage?) -> String {
        coverage.map { JSONText.object([("first", JSONText.quote("\($0.first)")), ("last", JSONText.quote("\($0.last)"))]) } ?? "null"
    }
}
