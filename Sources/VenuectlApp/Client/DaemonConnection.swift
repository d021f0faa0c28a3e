import Glibc
import VenueReports
import VenuedProtocol
import VenuedSystem

/// Requests to venued, every wait bounded by one deadline; nothing is sent to a socket that is not the user's own.
public struct DaemonConnection: Sendable {
    /// Above venued's largest answer (the held feed, at most 4 MB, quoted: escapes can double it).
    static let answerLimit = 16 << 20
    public let path: String
    public let uid: UInt32

    /// One rule for a dictionary and for getenv (the prompt's path builds no dictionary).
    static func path(flag: String?, variable: (String) -> String?, uid: UInt32) -> String {
        flag ?? variable("VENUED_SOCKET").flatMap { $0.isEmpty ? nil : $0 }
            ?? VenuedPaths.socket(runtimeDirectory: variable("XDG_RUNTIME_DIR"), uid: uid)
    }

    public func exchange(_ request: String, timeout seconds: Double) -> Result<Answer, DaemonFailure> {
        let deadline = Monotonic.seconds() + seconds
        // Not through `open`'s Result: on the prompt's path, the runtime would instantiate its type to destroy it.
        let stream: DaemonStream
        do { stream = try openStream(request, until: deadline, seconds: seconds) } catch { return .failure(error) }
        defer { stream.close() }
        return stream.nextAnswer(until: deadline, seconds: seconds)
    }

    public func open(_ request: String, until deadline: Double, seconds: Double) -> Result<DaemonStream, DaemonFailure> {
        do { return .success(try openStream(request, until: deadline, seconds: seconds)) } catch { return .failure(error) }
    }

    private func openStream(_ request: String, until deadline: Double, seconds: Double) throws(DaemonFailure) -> DaemonStream {
        if let untrusted = SocketTrust.checkDirectory(of: path, uid: uid) { throw untrusted }
        let stream: DaemonStream
        switch UnixConnect.connect(to: path, until: deadline) {
        case .success(let fd): stream = DaemonStream(fd: fd, path: path)
        case .failure(.pathTooLong): throw .unusable(path, "cannot be reached: the path is too long")
        case .failure(.noSocket): throw .notRunning(path, "no socket")
        case .failure(.refused): throw .notRunning(path, "nothing listens on the socket")
        case .failure(.queueFull): throw .unusable(path, "is not accepting connections (its queue is full)")
        case .failure(.timedOut): throw .timedOut(path, seconds: seconds)
        case .failure(.failed(let error)): throw .unusable(path, "cannot be reached: \(error)")
        }
        // Before the first byte: the request carries the user's arguments and HOME.
        if let untrusted = SocketTrust.checkPeer(stream.fd, path: path, uid: uid) {
            stream.close()
            throw untrusted
        }
        guard stream.send(Array((request + "\n").utf8), until: deadline) else {
            // A venued that refuses a connection answers and closes at once, maybe before the request is out.
            if errno == EPIPE || errno == ECONNRESET { return stream }
            stream.close()
            throw .timedOut(path, seconds: seconds)
        }
        return stream
    }
}

extension DaemonConnection {
    /// `--socket PATH`, else `$VENUED_SOCKET`, else where venued listens by default.
    public init(flag: String?, environment: [String: String], uid: UInt32) {
        self.init(path: Self.path(flag: flag, variable: { environment[$0] }, uid: uid), uid: uid)
    }
}

/// The reading end of a connection to venued: one answer a line, each wait bounded by a deadline (or `.infinity`).
public final class DaemonStream {
    package let fd: Int32
    package let path: String
    private var buffer: [UInt8] = []

    init(fd: Int32, path: String) {
        (self.fd, self.path) = (fd, path)
    }

    public func close() { _ = Glibc.close(fd) }

    func send(_ bytes: [UInt8], until deadline: Double) -> Bool {
        var offset = 0
        while offset < bytes.count {
            switch Syscall.io({ bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }) {
            case .processed(let sent) where sent > 0: offset += sent
            case .wouldBlock where wait(for: Int16(POLLOUT), until: deadline) == .ready: continue
            case .failed(let error): errno = error.code; return false
            default: return false
            }
        }
        return true
    }

    public func nextAnswer(until deadline: Double, seconds: Double) -> Result<Answer, DaemonFailure> {
        switch next(until: deadline, seconds: seconds, watchingOutput: false) {
        case .answer(let answer): return .success(answer)
        case .failure(let failure): return .failure(failure)
        // Not watched, so never reported.
        case .outputReaderGone: return .failure(.unusable(path, "was left: stdout's reader went away"))
        }
    }

    /// The answers that have arrived, without waiting (`notify` polls the descriptor itself).
    package func availableAnswers() -> Result<[Answer], DaemonFailure> {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var ended = false
        switch Syscall.io({ chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) } }) {
        case .processed(let count) where count > 0: buffer += chunk[..<count]
        case .wouldBlock: break
        default: ended = true
        }
        var answers: [Answer] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(buffer[..<newline])
            buffer.removeSubrange(...newline)
            guard let answer = Answer(line: line) else { return .failure(.unusable(path, "answered something that is not venued's protocol")) }
            answers.append(answer)
        }
        let limit = DaemonConnection.answerLimit
        guard buffer.count <= limit else { return .failure(.unusable(path, "sent an answer over \(limit >> 20) MB")) }
        // The answers that came before the end are still news; the next call reports the end.
        if ended && answers.isEmpty { return .failure(.unusable(path, "went away")) }
        return .success(answers)
    }

    enum Next { case answer(Answer), failure(DaemonFailure), outputReaderGone }

    /// With `watchingOutput`, also wakes when stdout's reader goes away (`watch` may wait hours for a line).
    func next(until deadline: Double, seconds: Double, watchingOutput: Bool) -> Next {
        // Uninitialised: recv fills it, and zeroing 64 KB is more work than the answer.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { chunk.deallocate() }
        // Each byte is searched once: a large answer (the held feed) comes in many reads.
        var searched = 0
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                guard let answer = Answer(line: line) else {
                    return .failure(.unusable(path, "answered something that is not venued's protocol"))
                }
                return .answer(answer)
            }
            searched = buffer.count
            let limit = DaemonConnection.answerLimit
            guard buffer.count <= limit else { return .failure(.unusable(path, "sent an answer over \(limit >> 20) MB")) }
            switch wait(for: Int16(POLLIN), until: deadline, watchingOutput: watchingOutput) {
            case .ready: break
            case .timedOut: return .failure(.timedOut(path, seconds: seconds))
            case .outputReaderGone: return .outputReaderGone
            }
            switch Syscall.io({ recv(fd, chunk.baseAddress, chunk.count, 0) }) {
            case .processed(let count) where count > 0: buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
            case .wouldBlock: continue
            default: return .failure(.unusable(path, "closed the connection without an answer"))
            }
        }
    }

    /// `ready` also when the peer hung up, which the following call reports.
    enum Wake: Equatable { case ready, timedOut, outputReaderGone }

    func wait(for events: Int16, until deadline: Double, watchingOutput: Bool = false) -> Wake {
        while true {
            guard deadline - Monotonic.seconds() > 0 else { return .timedOut }
            var pollers = (pollfd(fd: fd, events: events, revents: 0), OutputReader.pollEntry())
            let ready = Syscall.retrying {
                // Counted again on each try, so an interrupted wait does not outlast the deadline.
                let remaining = max(deadline - Monotonic.seconds(), 0)
                let timeout = remaining == .infinity ? -1 : Int32(min(remaining * 1000, 86_400_000).rounded(.up))
                return withUnsafeMutableBytes(of: &pollers) { raw in
                    poll(raw.baseAddress?.assumingMemoryBound(to: pollfd.self), watchingOutput ? 2 : 1, timeout)
                }
            }
            guard ready > 0 else { return .timedOut }
            if watchingOutput && OutputReader.isGone(pollers.1) { return .outputReaderGone }
            if pollers.0.revents != 0 { return .ready }
        }
    }
}

/// stdout's reader, as `poll` sees it (no events asked: only POLLERR, POLLHUP or POLLNVAL wake it).
enum OutputReader {
    static func pollEntry() -> pollfd { pollfd(fd: STDOUT_FILENO, events: 0, revents: 0) }
    static func isGone(_ entry: pollfd) -> Bool { entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 }
}

/// One request within a prompt's budget: its answer, the error a local run would raise, or a reason to fall back.
package enum DaemonStatus {
    /// Connect to last byte: with the local copy after it, a prompt waits at most 0.2 s for a stuck venued.
    package static let budget = 0.15

    /// `reading` returning nil makes the answer unusable (`asked` names what was missing): a reason to fall back.
    static func ask<Value>(_ request: String, socket: String?, context: Context, command: String, asked: String = "status",
                           timeout: Double = budget, reading: (Answer) -> Value?) throws(CLIError) -> Result<Value, DaemonFailure> {
        let connection = DaemonConnection(flag: socket, environment: context.environment, uid: context.uid)
        switch connection.exchange(request, timeout: timeout) {
        case .success(let answer) where answer.ok:
            guard let value = reading(answer) else { return .failure(.unusable(connection.path, "answered a \(asked) request without the \(asked)")) }
            return .success(value)
        case .success(let answer):
            if let error = AnswerError(answer: answer.value, command: command) { throw .answer(error) }
            return .failure(.unusable(connection.path, "refused the request (\(answer.refusal))"))
        case .failure(let reason): return .failure(reason)
        }
    }
}

extension Answer {
    var refusal: String { if case .string(let text)? = value["error"] { text } else { "no reason given" } }
}

/// Whether a socket is the user's own venued, before a byte is sent: without XDG_RUNTIME_DIR its directory is
/// /tmp/venued-$UID, which any user can create first. As ssh-agent: the directory (lstat; an abstract `@name` has
/// none) is the user's or root's, not writable by others; the peer (SO_PEERCRED) runs as the user, not even root.
enum SocketTrust {
    static func checkDirectory(of path: String, uid: UInt32) -> DaemonFailure? {
        if path.utf8.first == UInt8(ascii: "@") { return nil }
        var info = stat()
        guard lstatDirectory(of: path, &info) == 0 else {
            let error = errno
            switch error {
            case ENOENT, ENOTDIR: return .notRunning(path, "no socket")
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
