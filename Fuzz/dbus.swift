// Fuzz target `dbus`: everything venuectl reads from the session bus. The input is
// read five ways: as a stream of messages framed and decoded as `BusConnection` does
// (then each message written back must read back to the same bytes); as SASL reply
// lines; as a signature; as a body of the signature its first bytes name; as a
// DBUS_SESSION_BUS_ADDRESS. Then what `venuectl notify` makes of each message: the
// notification server's signals and replies (`DesktopNotifications`).
import Glibc
@testable import DBus
@testable import VenuectlApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)

    // A stream of messages, as the connection frames them: the header's length first
    // (bounded), then the whole message.
    var offset = 0
    while offset < bytes.count {
        guard let length = try? DBusMessage.frameLength(bytes[offset...], limit: BusConnection.messageLimit),
              length <= bytes.count - offset else { break }
        if let message = try? DBusMessage.decode(Array(bytes[offset..<(offset + length)])) {
            let written = message.encoded(serial: message.serial)
            guard let again = try? DBusMessage.decode(written) else { fatalError("a message we decoded does not decode once written back") }
            guard again.encoded(serial: again.serial) == written else { fatalError("a message changed on its way back") }
            _ = DesktopNotifications.signal(message)
            _ = DesktopNotifications.capabilities(in: message)
            _ = DesktopNotifications.notificationID(in: message)
        }
        offset += max(length, 1)
    }

    // SASL lines.
    var rest = bytes[...]
    while let end = SASL.lineEnd(rest) {
        _ = SASL.reply(Array(rest[rest.startIndex..<(end - 2)]))
        rest = rest[end...]
    }
    _ = SASL.reply(bytes)

    // A signature alone, then a body of the signature the first byte's worth of bytes
    // names, in both byte orders.
    _ = try? DBusType.parse(Array(bytes.prefix(255)))
    if let first = bytes.first {
        let length = min(Int(first), bytes.count - 1)
        if let types = try? DBusType.parse(Array(bytes[1..<(1 + length)])) {
            for bigEndian in [false, true] {
                var reader = DBusReader(bytes, from: 1 + length, bigEndian: bigEndian)
                for type in types { if (try? reader.read(type)) == nil { break } }
            }
        }
    }

    _ = BusAddress.sockets(sessionAddress: fuzzText(bytes), runtimeDirectory: "/run/user/1000")
    return 0
}
