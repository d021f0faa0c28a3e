import Glibc
import VenuedSystem

/// Whether a socket is the user's own venued, decided before venuectl sends it a byte: without XDG_RUNTIME_DIR the
/// socket is /tmp/venued-$UID/venued.sock, whose directory any local user can create first. As ssh-agent does:
/// 1. the socket's directory (lstat) must be a real directory owned by the user or root, not writable by group or
///    others (an abstract socket, `@name`, has none);
/// 2. the listening process must run as the user's uid (SO_PEERCRED), not even root: root on the user's socket is
///    a mistake (a `sudo venued` that inherited XDG_RUNTIME_DIR). Against mistakes and squatters, not root.
enum SocketTrust {
    static func checkDirectory(of path: String, uid: UInt32) -> DaemonFailure? {
        if path.utf8.first == UInt8(ascii: "@") { return nil }
        var info = stat()
        guard lstatDirectory(of: path, &info) == 0 else {
            let error = errno
            switch error {
            case ENOENT, ENOTDIR: return .notRunning(path, "no socket", start: .here)
            default: return .unusable(path, "cannot be reached: \(AtomicFile.directory(of: path)): \(String(cString: strerror(error)))")
            }
        }
        let isDirectory = info.st_mode & S_IFMT == S_IFDIR
        let owner = info.st_uid
        let ownersTrusted = owner == uid || owner == 0
        let othersCannotWrite = info.st_mode & (S_IWGRP | S_IWOTH) == 0
        if isDirectory && ownersTrusted && othersCannotWrite { return nil }
        // Only a refusal gets this far, so only a refusal builds strings.
        let directory = AtomicFile.directory(of: path)
        let elsewhere = "use a socket in a directory of your own (XDG_RUNTIME_DIR, VENUED_SOCKET)"
        if !isDirectory {
            return .untrusted("\(directory), which holds its socket, is not a directory (a symbolic link?)",
                              remedy: "remove \(directory), or \(elsewhere)")
        }
        if !ownersTrusted {
            return .untrusted("\(directory) belongs to \(describe(owner)), not to you (uid \(uid))",
                              remedy: "remove \(directory) (owned by uid \(owner)), or \(elsewhere)")
        }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        return .untrusted("\(directory) can be written by others (mode \(mode)), so anyone could have put the socket there",
                          remedy: elsewhere)
    }

    /// In C strings: on the prompt's path, splitting Swift strings costs first-use runtime work far above the syscall.
    private static func lstatDirectory(of path: String, _ info: inout stat) -> Int32 {
        path.withCString { full in
            guard let slash = strrchr(full, Int32(UInt8(ascii: "/"))) else { return lstat(".", &info) }
            guard slash != full else { return lstat("/", &info) }
            guard let directory = strndup(full, full.distance(to: UnsafePointer(slash))) else { return -1 }
            defer { free(directory) }
            return lstat(directory, &info)
        }
    }

    static func checkPeer(_ fd: Int32, path: String, uid: UInt32) -> DaemonFailure? {
        guard let peer = PeerCredentials(socket: fd) else {
            return .untrusted("cannot tell who listens on \(path) (SO_PEERCRED: \(String(cString: strerror(errno))))",
                              remedy: StartHint.here.logText)
        }
        guard peer.uid != uid else { return nil }
        return .untrusted("the process listening on \(path) runs as \(describe(peer.uid)), not as you (uid \(uid))",
                          remedy: "stop it and remove \(path), then start your own venued ('\(StartHint.here.command)')")
    }

    /// The bytes of a portable user name (POSIX).
    private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8)

    /// `uid 1001 (alice)`. A static binary has no NSS (getpwuid): /etc/passwd only, off the path of a working setup.
    static func describe(_ uid: UInt32) -> String {
        guard let bytes = try? BoundedFile.read("/etc/passwd", limit: 4 << 20) else { return "uid \(uid)" }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let number = UInt32(String(decoding: fields[2], as: UTF8.self)), number == uid else { continue }
            let name = String(decoding: fields[0], as: UTF8.self)
            // A name is shown only if it looks like one: /etc/passwd is root's, but a line is not ours to echo.
            guard !name.isEmpty, name.utf8.count <= 32, name.utf8.allSatisfy(nameBytes.contains) else { break }
            return "uid \(uid) (\(name))"
        }
        return "uid \(uid)"
    }
}
