/// The notification server on the session bus (Desktop Notifications Specification 1.2). Every call is
/// asynchronous, its answer coming back through `read()`, so a slow server delays no other call or signal.
/// Signals count only from the server that answered our calls: any program of the session can send one.
final class DesktopNotifications {
    /// Seconds a call may wait: the first may start the server (D-Bus activation), which takes seconds.
    static let callTimeout: UInt64 = 10

    enum Happening: Equatable {
        case ready
        case shown(call: UInt64, id: UInt32)
        /// `call` nil: GetCapabilities, or the connection itself.
        case failed(call: UInt64?, BusFailure)
        case signal(Signal)
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

    let bus: SessionBus
    private(set) var capabilities: Set<String>?
    /// The unique name of the server (`:1.7`): the one sender whose signals count.
    private(set) var server: String?
    private let capabilitiesCall: UInt64
    /// CloseNotification calls, whose answers say nothing anyone waits for.
    private var closing: Set<UInt64> = []

    private init(bus: SessionBus, capabilitiesCall: UInt64) {
        self.bus = bus
        self.capabilitiesCall = capabilitiesCall
    }

    static func connect(environment: [String: String]) -> Result<DesktopNotifications, BusFailure> {
        switch SessionBus.open(environment: environment) {
        case .success(let bus):
            return bus.getCapabilities(timeout: callTimeout).map { DesktopNotifications(bus: bus, capabilitiesCall: $0) }
        case .failure(let failure):
            return .failure(failure)
        }
    }

    /// Replaces notification `id` unless it is 0, so a countdown updates one notification instead of stacking them.
    func notify(_ notification: DesktopNotification, replacing id: UInt32) -> Result<UInt64, BusFailure> {
        bus.notify(notification.call(replacing: id, capabilities: capabilities ?? []), timeout: Self.callTimeout)
    }

    /// The server answers an error when `id` is gone already, which is what was wanted anyway.
    func close(_ id: UInt32) -> BusFailure? {
        switch bus.closeNotification(id, timeout: Self.callTimeout) {
        case .success(let call):
            closing.insert(call)
            return nil
        case .failure(let failure):
            return failure
        }
    }

    /// Everything the bus has for us now, in order; a broken connection last.
    func read() -> [Happening] {
        let (events, broken) = bus.process()
        var happenings: [Happening] = []
        for event in events {
            switch event {
            case .reply(let call, _, _, _) where closing.contains(call):
                closing.remove(call)
            case .failed(let call, _) where closing.contains(call):
                closing.remove(call)
            case .reply(let call, let sender, _, let names) where call == capabilitiesCall:
                capabilities = Set(names)
                server = sender
                happenings.append(.ready)
            case .failed(let call, let failure):
                happenings.append(.failed(call: call == capabilitiesCall ? nil : call, failure))
            case .reply(let call, let sender, let id, _):
                guard let id else {
                    happenings.append(.failed(call: call, .broken("the notification server answered Notify with something else than an id")))
                    continue
                }
                server = sender
                happenings.append(.shown(call: call, id: id))
            case .actionInvoked, .activationToken, .closed:
                if let signal = Self.signal(event, from: server) { happenings.append(.signal(signal)) }
            }
        }
        if let broken { happenings.append(.failed(call: nil, broken)) }
        return happenings
    }

    static func signal(_ event: SessionBus.Event, from server: String?) -> Signal? {
        switch event {
        case .actionInvoked(let sender, let id, let action) where sender == server: .actionInvoked(id: id, action: action)
        case .activationToken(let sender, let id, let token) where sender == server: .activationToken(id: id, token: token)
        case .closed(let sender, let id, let reason) where sender == server: .closed(id: id, reason: reason)
        default: nil
        }
    }
}
