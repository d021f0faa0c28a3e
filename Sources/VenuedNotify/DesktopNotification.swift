import DiningHours
import VenueReports

/// One notification as `venued-notify` means it, before a server's capabilities shape it.
struct DesktopNotification: Equatable, Sendable {
    /// The urgency hint's levels (the spec's `urgency` byte).
    enum Urgency: UInt8, Sendable {
        case low = 0, normal = 1, critical = 2
    }

    var summary: String
    var body: String
    /// The venue's page, for the "Open page" action; nil when it has none.
    var page: String?
    /// Always normal: the spec keeps critical for what must not be missed (a battery
    /// about to die), and GNOME and dunst show critical notifications through
    /// do-not-disturb and never expire them. A venue closing is not that; a countdown
    /// that is no longer true is closed by the follower itself at the closing.
    var urgency: Urgency = .normal

    /// The actions' keys and labels, for a server that shows actions. "default" is what
    /// a click does where the server has a default action (dunst, GNOME, KDE, mako);
    /// "open" is a button for servers that show no default action (xfce4-notifyd) and,
    /// on GNOME and KDE, a button beside the click.
    static let actions = ["default", "Open page", "open", "Open page"]
    static let actionKeys: Set<String> = ["default", "open"]

    /// The `Notify` call for a server with `capabilities`:
    /// - the body's text is escaped where the server reads it as markup (`body-markup`:
    ///   a venue named `<b>` stays a name);
    /// - the page is an action where the server has `actions`; else a link in the body
    ///   where it has `body-hyperlinks`; else left out, and the notification is text.
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

/// The arguments of `Notify(susssasa{sv}i)` that vary: the application name ("venued"),
/// the icon (none), the hints (the urgency alone) and the timeout (-1, the server's own
/// default: each server's user decides how long a notification stays) are fixed.
struct NotifyCall: Equatable, Sendable {
    let replacing: UInt32
    let summary: String
    let body: String
    let actions: [String]
    let urgency: UInt8
}
