import DiningHours

/// Why the notification server cannot be reached, in words a person can act on.
enum BusFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case noLibrary(String), noBus(address: String, reason: String), remote(name: String, message: String)
    case notOurs(address: String, uid: UInt32, ours: UInt32), broken(String)

    var isNoServer: Bool {
        if case .remote(let name, _) = self { name.hasPrefix("org.freedesktop.DBus.Error.") } else { false }
    }

    var description: String {
        switch self {
        case .noLibrary(let line): UntrustedText.singleLine(line)
        case .noBus(let address, let reason): "no session bus at \(UntrustedText.singleLine(address)) (\(reason))"
        case .remote(let name, let message): UntrustedText.singleLine("\(name): \(message)")
        case .notOurs(let address, let uid, let ours):
            "the session bus at \(UntrustedText.singleLine(address)) runs as uid \(uid), not as you (uid \(ours)): not using it"
        case .broken(let reason): "the session bus connection broke (\(UntrustedText.singleLine(reason)))"
        }
    }
}
