import Glibc
import VenuedSystem

/// Whether a socket is the user's own venued, decided before venuectl sends it a byte (arguments, HOME): without
/// XDG_RUNTIME_DIR the socket is /tmp/venued-$UID/venued.sock, and any local user can create that directory first.
/// Like ssh-agent and gpg-agent, it checks the directory, then the peer:
/// 1. the socket's directory (lstat, not followed) must be a real directory owned by the user or root and not
///    writable by group or others; an abstract socket (`@name`) has none, so only the second check applies;
/// 2. the listening process must run as the user's uid (SO_PEERCRED). Not even root: venued is per-user, so root
///    on the user's socket is something else (a `sudo venued` that inherited XDG_RUNTIME_DIR). The check is
///    against mistakes and squatters, not against root.
enum SocketTrust {
    /// nil when the directory of `path` may hold `uid`'s own socket; else why not.
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

    /// `lstat` of the directory holding `path`, in C strings: on the prompt's path, splitting Swift strings costs the
    /// runtime's first-use work for the generic types involved, far more than the system call.
    private static func lstatDirectory(of path: String, _ info: inout stat) -> Int32 {
        path.withCString { full in
            guard let slash = strrchr(full, Int32(UInt8(ascii: "/"))) else { return lstat(".", &info) }
            guard slash != full else { return lstat("/", &info) }
            guard let directory = strndup(full, full.distance(to: UnsafePointer(slash))) else { return -1 }
            defer { free(directory) }
            return lstat(directory, &info)
        }
    }

    /// nil when the process listening at the other end of `fd` runs as `uid`; else why not.
    static func checkPeer(_ fd: Int32, path: String, uid: UInt32) -> DaemonFailure? {
        guard let peer = PeerCredentials(socket: fd) else {
            return .untrusted("cannot tell who listens on \(path) (SO_PEERCRED: \(String(cString: strerror(errno))))",
                              remedy: StartHint.here.logText)
        }
        guard peer.uid != uid else { return nil }
        return .untrusted("the process listening on \(path) runs as \(describe(peer.uid)), not as you (uid \(uid))",
                          remedy: "stop it and remove \(path), then start your own venued ('\(StartHint.here.command)')")
    }

    /// `uid 1001 (alice)`. venuectl is a static binary, so no NSS (getpwuid): only /etc/passwd, and only on this
    /// path, which a working setup never takes.
    static func describe(_ uid: UInt32) -> String {
        guard let bytes = try? BoundedFile.read("/etc/passwd", limit: 4 << 20) else { return "uid \(uid)" }
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let number = UInt32(String(decoding: fields[2], as: UTF8.self)), number == uid else { continue }
            let name = String(decoding: fields[0], as: UTF8.self)
            // A name is shown only if it looks like one: /etc/passwd is root's, but a line is not ours to echo.
            guard !name.isEmpty, name.utf8.count <= 32, name.utf8.allSatisfy(isNameByte) else { break }
            return "uid \(uid) (\(name))"
        }
        return "uid \(uid)"
    }

    /// The bytes of a portable user name (POSIX: letters, digits, '.', '_', '-').
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default: return false
        }
    }
}
