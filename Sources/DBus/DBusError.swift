/// Why bytes are not a D-Bus message, a signature or a SASL line we can use: one line for
/// a log, naming the rule that was broken, never quoting the bytes (they came off a
/// socket, and may be anything).
package struct DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
