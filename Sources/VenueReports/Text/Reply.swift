import DiningHours

/// `ok` first and no spaces, so venuectl prints venued's line as it came; venuectl says its errors on stderr.
package enum Reply {
    package static func ok(_ members: [(String, String)]) -> String {
        var line = members.isEmpty ? #"{"ok":true"# : #"{"ok":true,"#
        JSONText.appendMembers(members, to: &line)
        line += "}\n"
        return line
    }

    /// A line of a `subscribe` stream; `watch --json` writes the same for the local copy.
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
