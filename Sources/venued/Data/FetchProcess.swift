import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// Runs each HTTP fetch in a child process, `venued --fetch-child ...`, which does it
/// with `HTTPFetcher` and exits.
///
/// Why: the fetch is the one place where a stranger's bytes meet a large C library
/// (libcurl, its TLS and decompression). In a child, whatever that costs (its heap, its
/// threads, a crash) ends with the fetch, and the daemon only reads a bounded pipe with
/// its own deadline. Starting the child costs a few milliseconds per refresh.
///
/// The child writes one header line, a JSON object, then the body:
/// `{"result":"body","etag":...,"last_modified":...,FRESHNESS}`,
/// `{"result":"not_modified",FRESHNESS}` or `{"result":"failed","reason":...,"retry_after":...,"date":...}`,
/// where FRESHNESS is `"cache_control":...,"expires":...,"age":...,"date":...`; a header
/// the response did not have is null.
struct FetchProcess: Sendable {
    static let flag = "--fetch-child"

    let timeout: Double

    func fetch(_ url: String, validators: Validators?) -> FetchResult {
        let arguments = ["venued", Self.flag, url, "\(timeout)", validators == nil ? "0" : "1",
                         validators?.etag ?? "", validators?.lastModified ?? ""]
        guard let (pid, output) = Self.spawn(arguments) else {
            return .failed("cannot start a fetch process: \(String(cString: strerror(errno)))")
        }
        // The child's deadline ends the transfer; this one also covers a child that hangs
        // before or after it (a second is far more than its start and its write take).
        let read = Self.readAll(output, limit: HTTPFetcher.sizeLimit + 64 * 1024, seconds: timeout + 1)
        close(output)
        if read == nil { kill(pid, SIGKILL) }
        let status = Self.wait(pid)
        guard let bytes = read else { return .failed("no answer within \(timeout) s") }
        return Self.decode(bytes) ?? .failed("the fetch process failed (\(Self.describe(status)))")
    }

    // MARK: the child

    /// `venued --fetch-child URL TIMEOUT CONDITIONAL ETAG LAST_MODIFIED`: fetch, write
    /// the result on stdout, exit.
    static func runChild(_ arguments: [String]) -> Never {
        closeInheritedDescriptors()
        guard arguments.count == 6, let timeout = Double(arguments[2]) else {
            _ = "venued: \(flag) is internal to venued\n".withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        let validators = arguments[3] == "1"
            ? Validators(etag: arguments[4].isEmpty ? nil : arguments[4],
                         lastModified: arguments[5].isEmpty ? nil : arguments[5])
            : nil
        let header: [(String, String)]
        var body: [UInt8] = []
        switch HTTPFetcher(timeout: timeout).fetch(arguments[1], validators: validators) {
        case .body(let bytes, let received, let freshness):
            header = [("result", JSONText.quote("body")), ("etag", JSONText.string(received.etag)),
                      ("last_modified", JSONText.string(received.lastModified))] + members(freshness)
            body = bytes
        case .notModified(let freshness):
            header = [("result", JSONText.quote("not_modified"))] + members(freshness)
        case .failed(let reason, let retryAfter):
            header = [("result", JSONText.quote("failed")), ("reason", JSONText.quote(reason)),
                      ("retry_after", JSONText.string(retryAfter?.value)), ("date", JSONText.string(retryAfter?.date))]
        }
        var output = Array((JSONText.object(header) + "\n").utf8)
        output += body
        let written = output.withUnsafeBytes { Syscall.writeAll(1, $0) }
        exit(written ? 0 : 1)
    }

    private static func members(_ freshness: FreshnessHeaders) -> [(String, String)] {
        [("cache_control", JSONText.string(freshness.cacheControl)), ("expires", JSONText.string(freshness.expires)),
         ("age", JSONText.string(freshness.age)), ("date", JSONText.string(freshness.date))]
    }

    /// The descriptors venued opens itself are close-on-exec from the start (connections
    /// come from accept4 with SOCK_CLOEXEC), but those opened inside libraries need not
    /// be, and a child must never keep a client's connection open: close them all.
    private static func closeInheritedDescriptors() {
        guard let directory = opendir("/proc/self/fd") else { return }
        var descriptors: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd > 2, fd != dirfd(directory) { descriptors.append(fd) }
        }
        closedir(directory)
        for fd in descriptors { close(fd) }
    }

    // MARK: the parent

    /// Starts /proc/self/exe with `arguments`, its stdout a pipe; nil (errno set) on failure.
    private static func spawn(_ arguments: [String]) -> (pid_t, Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        // The daemon blocks SIGHUP/SIGTERM/SIGINT and ignores SIGPIPE; the child must not.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, argv, environ)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            errno = result
            return nil
        }
        return (pid, ends[0])
    }

    /// Everything until end of file; nil past `seconds` or `limit` bytes.
    private static func readAll(_ fd: Int32, limit: Int, seconds: Double) -> [UInt8]? {
        let deadline = Monotonic.seconds() + seconds
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let remaining = deadline - Monotonic.seconds()
            if remaining <= 0 { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = Syscall.retrying { poll(&poller, 1, Int32(remaining * 1000) + 1) }
            if ready == 0 { return nil }
            guard case .processed(let count) = Syscall.io({ chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }),
                  count > 0 else { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { return nil }
        }
    }

    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        _ = Syscall.retrying { waitpid(pid, &status, 0) }
        return status
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signal)"
    }

    /// The child's output, or nil when it is not a header line and a body.
    private static func decode(_ output: [UInt8]) -> FetchResult? {
        guard let newline = output.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONParser.parse(Array(output[..<newline])),
              case .string(let result)? = header["result"] else { return nil }
        func text(_ key: String) -> String? {
            if case .string(let value)? = header[key] { return value }
            return nil
        }
        let freshness = FreshnessHeaders(cacheControl: text("cache_control"), expires: text("expires"),
                                         age: text("age"), date: text("date"))
        switch result {
        case "body":
            return .body(Array(output[(newline + 1)...]), Validators(etag: text("etag"), lastModified: text("last_modified")), freshness)
        case "not_modified":
            return .notModified(freshness)
        case "failed":
            return .failed(text("reason") ?? "unknown failure",
                           retryAfter: text("retry_after").map { RetryAfterHeader(value: $0, date: text("date")) })
        default:
            return nil
        }
    }
}
