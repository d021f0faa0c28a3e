/// The notification server on the session bus (Desktop Notifications Specification 1.2).
final class DesktopNotifications {
    /// The first call may start the server (D-Bus activation), which takes seconds.
    static let callTimeout: UInt64 = 10

    enum Happening: Equatable {
        case ready, shown(call: UInt64, id: UInt32), failed(call: UInt64?, BusFailure), signal(Signal)
    }

    enum Signal: Equatable {
        case actionInvoked(id: UInt32, action: String), activationToken(id: UInt32, token: String)
        case closed(id: UInt32, reason: UInt32)
    }

    let bus: SessionBus
    private(set) var capabilities: Set<String>?
    /// The unique name of the server (`:1.7`): the one sender whose signals count.
    private(set) var server: String?
    private let capabilitiesCall: UInt64
    private var closing: Set<UInt64> = []

    private init(bus: SessionBus, capabilitiesCall: UInt64) {
        self.bus = bus
        self.capabilitiesCall = capabilitiesCall
    }

    static func connect(environment: [String: String]) -> Result<DesktopNotifications, BusFailure> {
        SessionBus.open(environment: environment).flatMap { bus in
            bus.getCapabilities(timeout: callTimeout).map { DesktopNotifications(bus: bus, capabilitiesCall: $0) }
        }
    }

    func notify(_ notification: DesktopNotification, replacing id: UInt32) -> Result<UInt64, BusFailure> {
        bus.notify(notification.call(replacing: id, capabilities: capabilities ?? []), timeout: Self.callTimeout)
    }

    func close(_ id: UInt32) -> BusFailure? {
        do { closing.insert(try bus.closeNotification(id, timeout: Self.callTimeout).get()) } catch { return error }
        return nil
    }

    func read() -> [Happening] {
        let (events, broken) = bus.process()
        var happenings: [Happening] = []
        for event in events {
            switch event {
            case .reply(let call, _, _, _) where closing.contains(call): closing.remove(call)
            case .failed(let call, _) where closing.contains(call): closing.remove(call)
            case .reply(let call, let sender, _, let names) where call == capabilitiesCall:
                capabilities = Set(names)
                server = sender
                happenings.append(.ready)
            case .failed(let call, let failure):
                happenings.append(.failed(call: call == capabilitiesCall ? nil : call, failure))
            case .reply(let call, let sender, let id?, _):
                server = sender
                happenings.append(.shown(call: call, id: id))
            case .reply(let call, _, nil, _):
                let reason = "the notification server answered Notify with something else than an id"
                happenings.append(.failed(call: call, .broken(reason)))
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
