/// Where the session bus listens, from `DBUS_SESSION_BUS_ADDRESS` (the D-Bus
/// Specification, "Server Addresses"): `;`-separated entries `transport:key=value,...`,
/// values %-escaped. A client can use `unix:path=` and `unix:abstract=`; the other
/// `unix:` keys (`tmpdir`, `dir`, `runtime`) are for servers, and `tcp:` and the rest
/// are transports venuectl does not speak. Without the variable, `$XDG_RUNTIME_DIR/bus`,
/// where systemd's user manager (dbus-user-session, dbus-broker) puts the session bus,
/// as sd-bus and GDBus also look.
package enum BusAddress {
    /// The sockets to try, in the order the address lists them: a path, or `@name` for an
    /// abstract socket (as `UnixAddress` takes them). Else why there is none.
    package static func sockets(sessionAddress: String?, runtimeDirectory: String?) -> Result<[String], DBusError> {
        guard let address = sessionAddress, !address.isEmpty else {
            guard let runtime = runtimeDirectory, runtime.hasPrefix("/") else {
                return .failure(DBusError("no session bus: DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are both unset"))
            }
            return .success([(runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/bus"])
        }
        var sockets: [String] = []
        var transports: [String] = []
        for entry in address.split(separator: ";") {
            guard let colon = entry.firstIndex(of: ":") else { continue }
            let transport = String(entry[..<colon])
            guard transport == "unix" else {
                // Named in the error only if it looks like a transport name.
                if transport.utf8.count <= 16, transport.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") || $0 == UInt8(ascii: "-") }) {
                    transports.append(transport)
                }
                continue
            }
            for pair in entry[entry.index(after: colon)...].split(separator: ",") {
                guard let equals = pair.firstIndex(of: "="), let value = unescape(pair[pair.index(after: equals)...]), !value.isEmpty else { continue }
                switch pair[..<equals] {
                case "path": sockets.append(value)
                case "abstract": sockets.append("@" + value)
                default: continue
                }
            }
        }
        guard sockets.isEmpty else { return .success(sockets) }
        let named = transports.isEmpty ? "" : " (it names \(transports.joined(separator: ", ")))"
        return .failure(DBusError("DBUS_SESSION_BUS_ADDRESS names no unix:path= or unix:abstract= socket\(named)"))
    }

    /// `%XX` escapes decoded; nil for a malformed escape or a NUL.
    static func unescape(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
