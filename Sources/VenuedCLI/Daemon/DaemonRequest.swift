/// The request lines venuectl sends (docs/PROTOCOL.md). `status` carries every option of
/// `venuectl status`, so the daemon answers exactly what the local computation would.
enum DaemonRequest {
    static let info = #"{"v":1,"cmd":"info"}"#
    static let refresh = #"{"v":1,"cmd":"refresh"}"#

    /// How the daemon should render a human answer: `nil` asks for the JSON object.
    struct Rendering: Sendable {
        let color: Bool
        /// The user's zone, so the text says when venue times are in another one.
        let userZone: String
    }

    static func status(_ options: StatusOptions, rendering: Rendering?) -> String {
        request("status", options, rendering: rendering)
    }

    /// `watch`'s stream: the options of `status` but `at` (a stream follows the present).
    static func subscribe(_ options: StatusOptions, rendering: Rendering?) -> String {
        var options = options
        options.at = nil
        return request("subscribe", options, rendering: rendering)
    }

    private static func request(_ command: String, _ options: StatusOptions, rendering: Rendering?) -> String {
        var members: [(String, String)] = [("v", "1"), ("cmd", JSONText.quote(command))]
        if !options.venues.isEmpty { members.append(("venues", "[" + options.venues.map(JSONText.quote).joined(separator: ",") + "]")) }
        if options.openNow { members.append(("open_now", "true")) }
        if let at = options.at { members.append(("at", JSONText.quote(at))) }
        if let tz = options.tz { members.append(("tz", JSONText.quote(tz))) }
        if !options.estimate { members.append(("no_estimate", "true")) }
        members.append(("soon", "\(options.soonMinutes)"))
        if let rendering {
            members += [("render", JSONText.quote("plain")), ("color", "\(rendering.color)"), ("user_tz", JSONText.quote(rendering.userZone))]
        }
        return JSONText.object(members)
    }
}
