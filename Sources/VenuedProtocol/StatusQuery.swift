import DiningHours
import VenueReports

/// `StatusOptions` and `StatusPresentation` as the members of a `status` or `subscribe` request.
package enum StatusQuery {
    struct Field: Sendable {
        let name: String
        let encode: @Sendable (StatusOptions, StatusPresentation?) -> String?
        let decode: @Sendable (inout Decoded, RequestFields) throws(ProtocolError) -> Void
    }

    struct Decoded {
        var options = StatusOptions()
        var render, template, userZone: String?
        var color = false, countdown = true
        var columns: Int?
    }

    static let filters: [Field] = [
        Field(name: "venues", encode: { o, _ in o.venues.isEmpty ? nil : "[" + o.venues.map(JSONText.quote).joined(separator: ",") + "]" },
              decode: { d, f throws(ProtocolError) in d.options.venues = try f.venueQueries("venues") }),
        Field(name: "open_now", encode: { o, _ in o.openNow ? "true" : nil },
              decode: { d, f throws(ProtocolError) in d.options.openNow = try f.flag("open_now") }),
        Field(name: "halls", encode: { o, _ in o.kinds.contains(.diningHall) ? "true" : nil },
              decode: { d, f throws(ProtocolError) in if try f.flag("halls") { d.options.kinds.insert(.diningHall) } }),
        Field(name: "retail", encode: { o, _ in o.kinds.contains(.retail) ? "true" : nil },
              decode: { d, f throws(ProtocolError) in if try f.flag("retail") { d.options.kinds.insert(.retail) } }),
        Field(name: "favorites", encode: { o, _ in o.favorites ? "true" : nil },
              decode: { d, f throws(ProtocolError) in d.options.favorites = try f.flag("favorites") }),
        Field(name: "favorite_ids", encode: { o, _ in o.favorites ? o.favoriteIDs.map { "[" + $0.map(String.init).joined(separator: ",") + "]" } : nil },
              decode: { d, f throws(ProtocolError) in d.options.favoriteIDs = try f.ids("favorite_ids", limit: Favorites.limit) }),
        Field(name: "dishes", encode: { o, _ in o.dishes ? "[" + (o.followedDishes ?? []).map(JSONText.quote).joined(separator: ",") + "]" : nil },
              decode: { d, f throws(ProtocolError) in
                  guard f.has("dishes") else { return }
                  let names = try f.strings("dishes")
                  guard names.count <= FollowedDishes.limit else { throw ProtocolError("\"dishes\" may name at most \(FollowedDishes.limit) dishes", code: .usage) }
                  d.options.dishes = true
                  d.options.followedDishes = names
              }),
        Field(name: "dish_lead", encode: { o, _ in o.dishes && o.dishLeadMinutes != FollowedDishes.defaultLeadMinutes ? "\(o.dishLeadMinutes)" : nil },
              decode: { d, f throws(ProtocolError) in
                  d.options.dishLeadMinutes = try f.integer("dish_lead", in: FollowedDishes.leadMinutes) ?? FollowedDishes.defaultLeadMinutes
              }),
        Field(name: "near", encode: { o, _ in o.near.map { JSONText.quote($0.text) } },
              decode: { d, f throws(ProtocolError) in
                  guard let near = try f.string("near") else { return }
                  do throws(AnswerError) { d.options.near = try Coordinate(nearArgument: near) } catch { throw ProtocolError(error) }
              }),
        Field(name: "tz", encode: { o, _ in o.tz.map(JSONText.quote) },
              decode: { d, f throws(ProtocolError) in d.options.tz = try f.string("tz") }),
        Field(name: "no_estimate", encode: { o, _ in o.estimate ? nil : "true" },
              decode: { d, f throws(ProtocolError) in d.options.estimate = !(try f.flag("no_estimate")) }),
        Field(name: "soon", encode: { o, _ in "\(o.soonMinutes)" },
              decode: { d, f throws(ProtocolError) in d.options.soonMinutes = try f.integer("soon", in: 0...1440) ?? 15 }),
        Field(name: "hide_empty", encode: { o, _ in o.hideEmpty ? "true" : nil },
              decode: { d, f throws(ProtocolError) in d.options.hideEmpty = try f.flag("hide_empty") }),
    ]

    static let instant = Field(name: "at", encode: { o, _ in o.at.map(JSONText.quote) },
                               decode: { d, f throws(ProtocolError) in d.options.at = try f.string("at") })

    static let presentation: [Field] = [
        Field(name: "render", encode: { _, p in p.map { JSONText.quote($0.format.name) } },
              decode: { d, f throws(ProtocolError) in d.render = try f.string("render") }),
        Field(name: "template", encode: { _, p in if case .template(let t)? = p?.format { JSONText.quote(t.text) } else { nil } },
              decode: { d, f throws(ProtocolError) in d.template = try f.string("template") }),
        Field(name: "color", encode: { _, p in p?.color == true ? "true" : nil },
              decode: { d, f throws(ProtocolError) in d.color = try f.flag("color") }),
        Field(name: "user_tz", encode: { _, p in p?.userZone.map(JSONText.quote) },
              decode: { d, f throws(ProtocolError) in d.userZone = try f.string("user_tz") }),
        Field(name: "columns", encode: { _, p in p?.columns.map { "\($0)" } },
              decode: { d, f throws(ProtocolError) in d.columns = try f.integer("columns", in: 1...100_000) }),
        Field(name: "no_countdown", encode: { _, p in p?.countdown == false ? "true" : nil },
              decode: { d, f throws(ProtocolError) in d.countdown = !(try f.flag("no_countdown")) }),
    ]

    static func fields(_ command: Command) -> [Field] {
        command == .status ? filters + [instant] + presentation : filters + presentation
    }

    package enum Command: String, Sendable { case status, subscribe }
    package static func names(_ command: Command) -> [String] { fields(command).map(\.name) }

    package static func request(_ command: Command, _ options: StatusOptions, presentation: StatusPresentation?) -> String {
        var members: [(String, String)] = [("v", "1"), ("cmd", JSONText.quote(command.rawValue))]
        for field in fields(command) {
            if let value = field.encode(options, presentation) { members.append((field.name, value)) }
        }
        return JSONText.object(members)
    }

    package static func decode(_ command: Command, _ request: RequestFields) throws(ProtocolError) -> (StatusOptions, StatusPresentation?) {
        var decoded = Decoded()
        for field in fields(command) { try field.decode(&decoded, request) }
        guard let name = decoded.render else { return (decoded.options, nil) }
        let format: StatusFormat
        do { format = name == "template" ? .template(try StatusTemplate(decoded.template ?? "")) : try StatusFormat(name: name) } catch {
            throw ProtocolError(error)
        }
        return (decoded.options, StatusPresentation(format: format, color: decoded.color, userZone: decoded.userZone, columns: decoded.columns,
                                                      countdown: decoded.countdown))
    }
}
