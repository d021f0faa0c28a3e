import DiningHours
import VenueAnswers
/// The request lines venuectl sends (docs/PROTOCOL.md). `status` carries every option of
/// `venuectl status`, so the daemon answers exactly what the local computation would.
package enum DaemonRequest {
    package static let info = #"{"v":1,"cmd":"info"}"#
    package static let refresh = #"{"v":1,"cmd":"refresh"}"#

    /// `presentation` nil asks for the JSON object.
    package static func status(_ options: StatusOptions, presentation: StatusPresentation?) -> String {
        request("status", options, presentation: presentation)
    }

    /// `watch`'s stream: the options of `status` but `at` (a stream follows the present).
    package static func subscribe(_ options: StatusOptions, presentation: StatusPresentation?) -> String {
        var options = options
        options.at = nil
        return request("subscribe", options, presentation: presentation)
    }

    private static func request(_ command: String, _ options: StatusOptions, presentation: StatusPresentation?) -> String {
        var members: [(String, String)] = [("v", "1"), ("cmd", JSONText.quote(command))]
        if !options.venues.isEmpty { members.append(("venues", "[" + options.venues.map(JSONText.quote).joined(separator: ",") + "]")) }
        if options.openNow { members.append(("open_now", "true")) }
        if options.kinds.contains(.diningHall) { members.append(("halls", "true")) }
        if options.kinds.contains(.retail) { members.append(("retail", "true")) }
        if options.favorites {
            members.append(("favorites", "true"))
            if let favoritesFile = options.favoritesFile { members.append(("favorites_file", JSONText.quote(favoritesFile))) }
        }
        if let near = options.near { members.append(("near", JSONText.quote(near.text))) }
        if let at = options.at { members.append(("at", JSONText.quote(at))) }
        if let tz = options.tz { members.append(("tz", JSONText.quote(tz))) }
        if !options.estimate { members.append(("no_estimate", "true")) }
        members.append(("soon", "\(options.soonMinutes)"))
        if let presentation {
            members.append(("render", JSONText.quote(presentation.format.name)))
            if case .template(let template) = presentation.format { members.append(("template", JSONText.quote(template.text))) }
            if presentation.color { members.append(("color", "true")) }
            if let zone = presentation.userZone { members.append(("user_tz", JSONText.quote(zone))) }
            if let columns = presentation.columns { members.append(("columns", "\(columns)")) }
        }
        return JSONText.object(members)
    }
}
