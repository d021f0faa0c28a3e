import VenueReports

/// One notification as `venued-notify` means it, before a server's capabilities shape it.
struct DesktopNotification: Equatable, Sendable {
    enum Urgency: UInt8, Sendable { case low = 0, normal = 1, critical = 2 }

    var summary: String
    var body: String
    var page: String?
    /// Always normal: GNOME and dunst show critical ones through do-not-disturb and never expire them.
    var urgency: Urgency = .normal
    static let actions = ["default", "Open page", "open", "Open page"]
    static let actionKeys: Set<String> = ["default", "open"]

    func call(replacing id: UInt32, capabilities: Set<String>) -> NotifyCall {
        let markup = capabilities.contains("body-markup")
        var text = markup ? Escaping.pango(body, quotes: true) : body
        var actions: [String] = []
        if page != nil, capabilities.contains("actions") {
            actions = Self.actions
        } else if let page, capabilities.contains("body-hyperlinks") {
            text += (text.isEmpty ? "" : "\n") + "<a href=\"\(Escaping.pango(page, quotes: true))\">Open page</a>"
        }
        return NotifyCall(replacing: id, summary: summary, body: text, actions: actions, urgency: urgency.rawValue)
    }
}

/// The arguments of `Notify` that vary; the timeout is -1, the server's default: its user decides how long one stays.
struct NotifyCall: Equatable, Sendable {
    let replacing: UInt32
    let summary, body: String
    let actions: [String]
    let urgency: UInt8
}
