import DBus
import DiningHours
import VenueReports

/// One notification as `venuectl notify` means it, before a server's capabilities shape it.
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
    /// that is no longer true is closed by `venuectl notify` itself at the closing.
    var urgency: Urgency = .normal

    /// The actions' keys and labels, for a server that shows actions. "default" is what
    /// a click does where the server has a default action (dunst, GNOME, KDE, mako);
    /// "open" is a button for servers that show no default action (xfce4-notifyd) and,
    /// on GNOME and KDE, a button beside the click.
    static let actions = ["default", "Open page", "open", "Open page"]
    static let actionKeys: Set<String> = ["default", "open"]

    /// The arguments of `Notify(susssasa{sv}i)` for a server with `capabilities`:
    /// - the body's text is escaped where the server reads it as markup (`body-markup`:
    ///   a venue named `<b>` stays a name);
    /// - the page is an action where the server has `actions`; else a link in the body
    ///   where it has `body-hyperlinks`; else left out, and the notification is text.
    func arguments(replacing id: UInt32, capabilities: Set<String>) -> [DBusValue] {
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
        return [
            .string("venued"),
            .uint32(id),
            .string(""),
            .string(summary),
            .string(text),
            .strings(actions),
            .dictionary(key: .string, value: .variant, [DBusDictEntry(.string("urgency"), .variant(.byte(urgency.rawValue)))]),
            // The server's own default: each server's user decides how long a notification stays.
            .int32(-1),
        ]
    }
}

/// The notification server on the session bus, `org.freedesktop.Notifications` (the
/// Desktop Notifications Specification 1.2): what it supports (`GetCapabilities`),
/// `Notify`, `CloseNotification`, and the signals it sends back.
///
/// Signals are taken only from the server that answered our calls (its unique name):
/// any program of the user's session can send a signal named ActionInvoked.
final class DesktopNotifications {
    static let name = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    static let interface = "org.freedesktop.Notifications"
    /// The first call may start the server (D-Bus activation), which takes seconds.
    static let callTimeout = 10.0

    let bus: BusConnection
    let capabilities: Set<String>
    /// The unique name of the server (`:1.7`): the one sender whose signals count.
    private(set) var server: String?

    private init(bus: BusConnection, capabilities: Set<String>, server: String?) {
        self.bus = bus
        self.capabilities = capabilities
        self.server = server
    }

    /// The session bus of `environment`, subscribed to the server's signals, with the
    /// server's capabilities: a failure means there is no bus, or no server on it.
    static func connect(environment: [String: String], uid: UInt32) -> Result<DesktopNotifications, BusFailure> {
        let bus: BusConnection
        switch BusConnection.session(environment: environment, uid: uid, timeout: 5) {
        case .success(let connection): bus = connection
        case .failure(let failure): return .failure(failure)
        }
        let match = "type='signal',sender='\(name)',path='\(path)',interface='\(interface)'"
        let addMatch = DBusMessage.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                              interface: "org.freedesktop.DBus", member: "AddMatch", body: [.string(match)])
        if case .failure(let failure) = bus.call(addMatch, timeout: 5) { return .failure(failure) }
        switch bus.call(call("GetCapabilities"), timeout: callTimeout) {
        case .success(let reply):
            guard let capabilities = capabilities(in: reply) else {
                return .failure(.bus("the notification server answered GetCapabilities with something else than a list of strings"))
            }
            return .success(DesktopNotifications(bus: bus, capabilities: capabilities, server: reply.sender))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Shows `notification`, in place of notification `id` when it is not 0 (the spec's
    /// `replaces_id`: a countdown updates one notification instead of stacking them).
    /// The server's id for it.
    func notify(_ notification: DesktopNotification, replacing id: UInt32) -> Result<UInt32, BusFailure> {
        let message = Self.call("Notify", notification.arguments(replacing: id, capabilities: capabilities))
        switch bus.call(message, timeout: Self.callTimeout) {
        case .success(let reply):
            guard let shown = Self.notificationID(in: reply) else {
                return .failure(.bus("the notification server answered Notify with something else than an id"))
            }
            server = reply.sender ?? server
            return .success(shown)
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Takes notification `id` off the screen. The server answers an error when it is
    /// gone already (expired, dismissed), which is what was wanted anyway.
    func close(_ id: UInt32) -> BusFailure? {
        switch bus.call(Self.call("CloseNotification", [.uint32(id)]), timeout: Self.callTimeout) {
        case .success, .failure(.remote): return nil
        case .failure(let failure): return failure
        }
    }

    /// The server's signals among `messages`.
    func signals(in messages: [DBusMessage]) -> [Signal] {
        messages.compactMap { message in
            guard server == nil || message.sender == server else { return nil }
            return Self.signal(message)
        }
    }

    enum Signal: Equatable {
        /// The user chose an action of notification `id` (a click, for "default").
        case actionInvoked(id: UInt32, action: String)
        /// Sent just before ActionInvoked (spec 1.2): the token the opened window should
        /// carry to be raised (XDG_ACTIVATION_TOKEN on Wayland, DESKTOP_STARTUP_ID on X).
        case activationToken(id: UInt32, token: String)
        /// Notification `id` is gone (1 expired, 2 dismissed, 3 closed by a call, 4 other).
        case closed(id: UInt32, reason: UInt32)
    }

    /// The signal `message` is, when it is one of the three with their signatures.
    static func signal(_ message: DBusMessage) -> Signal? {
        guard message.kind == .signal, message.interface == interface, message.path == path else { return nil }
        switch (message.member, message.body) {
        case ("ActionInvoked", let body) where body.count == 2:
            guard let id = body[0].uint32, let action = body[1].string else { return nil }
            return .actionInvoked(id: id, action: action)
        case ("ActivationToken", let body) where body.count == 2:
            guard let id = body[0].uint32, let token = body[1].string else { return nil }
            return .activationToken(id: id, token: token)
        case ("NotificationClosed", let body) where body.count == 2:
            guard let id = body[0].uint32, let reason = body[1].uint32 else { return nil }
            return .closed(id: id, reason: reason)
        default:
            return nil
        }
    }

    /// `GetCapabilities`' answer: one `as`.
    static func capabilities(in reply: DBusMessage) -> Set<String>? {
        guard reply.kind == .methodReturn, reply.body.count == 1, let strings = reply.body[0].strings else { return nil }
        return Set(strings)
    }

    /// `Notify`'s answer: one `u`.
    static func notificationID(in reply: DBusMessage) -> UInt32? {
        guard reply.kind == .methodReturn, reply.body.count == 1 else { return nil }
        return reply.body[0].uint32
    }

    private static func call(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: name, path: path, interface: interface, member: member, body: body)
    }
}
