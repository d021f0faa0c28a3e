import CSdBus
import Glibc
import VenuedSystem

/// One sd-bus connection shaped for a poll loop.
final class SessionBus {
    enum Event: Equatable, Sendable {
        case reply(call: UInt64, sender: String, id: UInt32?, names: [String]), failed(call: UInt64, BusFailure)
        case actionInvoked(sender: String, id: UInt32, action: String)
        case activationToken(sender: String, id: UInt32, token: String)
        case closed(sender: String, id: UInt32, reason: UInt32)
    }

    /// A flood must not hold the loop: what is left is seen at the next wake.
    static let roundsPerWake = 256

    private let handle: OpaquePointer
    private init(handle: OpaquePointer) { self.handle = handle }
    deinit { venued_bus_close(handle) }

    /// Only a bus our uid runs (SO_PEERCRED): another's (a squatted /tmp path) would read every notification.
    static func open(environment: [String: String]) -> Result<SessionBus, BusFailure> {
        let address = environment["DBUS_SESSION_BUS_ADDRESS"]
            ?? environment["XDG_RUNTIME_DIR"].map { "unix:path=\($0)/bus" } ?? "$XDG_RUNTIME_DIR/bus (XDG_RUNTIME_DIR is not set)"
        var error: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        guard let handle = venued_bus_open(&error, &message, message.count) else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(error == 0 ? .noLibrary(text) : .noBus(address: address, reason: text))
        }
        let bus = SessionBus(handle: handle)
        guard let peer = PeerCredentials(socket: venued_bus_fd(handle)) else {
            return .failure(.noBus(address: address, reason: "cannot tell which uid runs it: \(String(cString: strerror(errno)))"))
        }
        guard peer.uid == getuid() else { return .failure(.notOurs(address: address, uid: peer.uid, ours: getuid())) }
        return .success(bus)
    }

    var descriptor: pollfd {
        pollfd(fd: venued_bus_fd(handle), events: Int16(truncatingIfNeeded: venued_bus_events(handle)), revents: 0)
    }

    /// sd-bus keeps CLOCK_MONOTONIC deadlines; the loop keeps one wall-clock timer.
    func deadline(now: Double) -> Double {
        let microseconds = venued_bus_timeout(handle)
        guard microseconds != UInt64.max else { return .infinity }
        return now + max(Double(microseconds) / 1e6 - Monotonic.seconds(), 0)
    }

    func process() -> (events: [Event], failure: BusFailure?) {
        var events: [Event] = []
        for _ in 0..<Self.roundsPerWake {
            let result = venued_bus_process(handle)
            events += taken()
            if result < 0 { return (events, .broken(String(cString: strerror(-result)))) }
            if result == 0 { break }
        }
        return (events, nil)
    }

    func getCapabilities(timeout: UInt64) -> Result<UInt64, BusFailure> {
        cookie(venued_bus_get_capabilities(handle, Self.microseconds(timeout)))
    }

    func notify(_ call: NotifyCall, timeout: UInt64) -> Result<UInt64, BusFailure> {
        let actions = call.actions.map { strdup($0) }
        defer { actions.forEach { free($0) } }
        let pointers = actions.map { UnsafePointer($0) }
        return cookie(pointers.withUnsafeBufferPointer { buffer in
            venued_bus_notify(handle, call.replacing, call.summary, call.body, buffer.baseAddress, Int32(clamping: buffer.count),
                              call.urgency, Self.microseconds(timeout))
        })
    }

    func closeNotification(_ id: UInt32, timeout: UInt64) -> Result<UInt64, BusFailure> {
        cookie(venued_bus_close_notification(handle, id, Self.microseconds(timeout)))
    }

    private func cookie(_ sent: Int64) -> Result<UInt64, BusFailure> {
        sent > 0 ? .success(UInt64(sent)) : .failure(.broken(String(cString: strerror(Int32(clamping: -sent)))))
    }

    private static func microseconds(_ seconds: UInt64) -> UInt64 { min(seconds, 3600) * 1_000_000 }

    private func taken() -> [Event] {
        var events: [Event] = []
        var event = venued_bus_event()
        while venued_bus_take(handle, &event) == 1 {
            let sender = Self.text(&event.sender), name = Self.text(&event.name)
            switch event.kind {
            case venued_bus_reply:
                events.append(.reply(call: event.cookie, sender: sender, id: event.has_id == 1 ? event.id : nil,
                                     names: Self.text(&event.text).split(separator: "\n").map(String.init)))
            case venued_bus_error:
                events.append(.failed(call: event.cookie, .remote(name: name, message: Self.text(&event.text))))
            case venued_bus_action: events.append(.actionInvoked(sender: sender, id: event.id, action: name))
            case venued_bus_token:
                events.append(.activationToken(sender: sender, id: event.id, token: Self.text(&event.text)))
            case venued_bus_closed: events.append(.closed(sender: sender, id: event.id, reason: event.reason))
            default: continue
            }
        }
        return events
    }

    private static func text<Field>(_ field: inout Field) -> String {
        withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
