import DiningHours
import VenueReports

/// One notification as `venued-notify` means it, before a server's capabilities shape it.
struct DesktopNotification: Equatable, Sendable {
    enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    var summary: String
    var body: String
    var page: String?
    /// Always normal: GNOME and dunst show critical notifications through do-not-disturb and never expire them,
    /// which the spec keeps for what must not be missed (a battery about to die).
    var urgency: Urgency = .normal

    /// "default" is a click where the server has a default action (dunst, GNOME, KDE, mako); "open" is a button
    /// for servers without one (xfce4-notifyd).
    static let actions = ["default", "Open page", "open", "Open page"]
    static let actionKeys: Set<String> = ["default", "open"]

    /// The body is escaped where the server reads markup (a venue named `<b>` stays a name); the page is an action,
    /// else a link where the server has `body-hyperlinks`, else left out.
    func call(replacing id: UInt32, capabilities: Set<String>) -> NotifyCall {
        let markup = capabilities.contains("body-markup")
        var text = markup ? Escaping.pango(body, quotes: true) : body
        var actions: [String] = []
        if let page {
            if capabilities.contains("actions") {
                actions = Self.actions
            } else if capabilities.contains("body-hyperlinks") {
                text += (text.isEmpty ? "" : "\n") + "<a href=\"\(Escaping.pango(page, quotes: true))\">Open page</a>"
            }
        }
        return NotifyCall(replacing: id, summary: summary, body: text, actions: actions, urgency: urgency.rawValue)
    }
}

/// The arguments of `Notify` that vary; the timeout is fixed at -1, the server's default, so that each server's
/// user decides how long a notification stays.
struct NotifyCall: Equatable, Sendable {
    let replacing: UInt32
    let summary: String
    let body: String
    let actions: [String]
    let urgency: UInt8
}
