import CCurlFetch
import DiningHours
import Glibc
import VenueReports
import VenuedSystem

/// One HTTP GET in a child process (`venued --fetch-child`).
final class FetchProcess {
    static let flag = "--fetch-child"
    /// Less than a pipe holds, so the loop's one write to the fresh pipe never waits.
    static let requestLimit = 32 * 1024
    static let outputLimit = HTTPFetcher.sizeLimit + 64 * 1024
    let pid: pid_t
    let fd: Int32
    let fetch: RefreshChain.Fetch
    let deadline: Double
    private let timeout: Double
    private var output: [UInt8] = []
    private var ended = false

    private init(pid: pid_t, fd: Int32, fetch: RefreshChain.Fetch, timeout: Double, now: Double) {
        self.pid = pid
        self.fd = fd
        self.fetch = fetch
        self.timeout = timeout
        deadline = now + timeout + 1
    }

    static func start(_ fetch: RefreshChain.Fetch, timeout: Double, now: Double) -> Result<FetchProcess, FetchStartError> {
        let request = Array((JSONText.object([
            ("url", JSONText.quote(fetch.url)), ("timeout", "\(timeout)"),
            ("conditional", fetch.validators == nil ? "false" : "true"),
            ("etag", JSONText.string(fetch.validators?.etag)), ("last_modified", JSONText.string(fetch.validators?.lastModified)),
        ]) + "\n").utf8)
        guard request.count <= requestLimit else { return .failure(FetchStartError(reason: "the URL is over \(requestLimit >> 10) KB")) }
        guard let (pid, input, output) = spawn() else {
            return .failure(FetchStartError(reason: "cannot start a fetch process: \(String(cString: strerror(errno)))"))
        }
        _ = request.withUnsafeBytes { Syscall.writeAll(input, $0) }
        close(input)
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        return .success(FetchProcess(pid: pid, fd: output, fetch: fetch, timeout: timeout, now: now))
    }

    func readAvailable() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !ended {
            switch Syscall.io({ chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }) {
            case .processed(let count) where count > 0:
                output += chunk[..<count]
                if output.count > Self.outputLimit { ended = true; output = [] }
            case .wouldBlock: return false
            default: ended = true
            }
        }
        return true
    }

    func finish(complete: Bool) -> FetchResult {
        close(fd)
        if !complete { kill(pid, SIGKILL) }
        var status: Int32 = 0
        // Its output is complete, so it is exiting: kill it should it linger, then reap.
        if Syscall.retrying({ waitpid(pid, &status, WNOHANG) }) == 0 {
            kill(pid, SIGKILL)
            _ = Syscall.retrying { waitpid(pid, &status, 0) }
        }
        guard complete else { return .failed("no answer within \(Seconds.text(timeout)) s") }
        let signal = status & 0x7f
        let end = signal == 0 ? "exit \((status >> 8) & 0xff)" : "signal \(signal)"
        return Self.decode(output) ?? .failed("the fetch process failed (\(end))")
    }

    static func runChild() -> Never {
        // Library descriptors need not be close-on-exec; a child must never keep a client's connection open.
        if let directory = opendir("/proc/self/fd") {
            var descriptors: [Int32] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if let fd = Int32(name), fd > 2, fd != dirfd(directory) { descriptors.append(fd) }
            }
            closedir(directory)
            for fd in descriptors { close(fd) }
        }
        guard let bytes = try? BoundedFile.readAll(0, limit: requestLimit),
              let request = try? JSONParser.parse(bytes), case .string(let url)? = request["url"],
              case .number(let timeout)? = request["timeout"] else {
            _ = "venued: \(flag) is internal to venued\n".withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        func text(_ key: String) -> String? { if case .string(let value)? = request[key] { value } else { nil } }
        let validators = request["conditional"] == .bool(true) ? Validators(etag: text("etag"), lastModified: text("last_modified")) : nil
        let header: [(String, String)]
        var body: [UInt8] = []
        switch HTTPFetcher(timeout: timeout).fetch(url, validators: validators) {
        case .body(let bytes, let received, let freshness):
            header = [("result", JSONText.quote("body")), ("etag", JSONText.string(received.etag)),
                      ("last_modified", JSONText.string(received.lastModified))] + members(freshness)
            body = bytes
        case .notModified(let freshness): header = [("result", JSONText.quote("not_modified"))] + members(freshness)
        case .failed(let reason, let retryAfter):
            header = [("result", JSONText.quote("failed")), ("reason", JSONText.quote(reason)),
                      ("retry_after", JSONText.string(retryAfter?.value)), ("date", JSONText.string(retryAfter?.date))]
        }
        let output = Array((JSONText.object(header) + "\n").utf8) + body
        exit(output.withUnsafeBytes { Syscall.writeAll(1, $0) } ? 0 : 1)
    }

    private static func members(_ freshness: FreshnessHeaders) -> [(String, String)] {
        [("cache_control", JSONText.string(freshness.cacheControl)), ("expires", JSONText.string(freshness.expires)),
         ("age", JSONText.string(freshness.age)), ("date", JSONText.string(freshness.date))]
    }

    private static func spawn() -> (pid_t, input: Int32, output: Int32)? {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        guard pipe(&input) == 0 else { return nil }
        guard pipe(&output) == 0 else { close(input[0]); close(input[1]); return nil }
        // Close-on-exec, so only this child inherits them (dup2 clears it on 0 and 1).
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
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
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup("venued"), strdup(flag), nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, &argv, environ)
        for fd in [input[0], output[1]] { close(fd) }
        guard result == 0 else {
            for fd in [input[1], output[0]] { close(fd) }
            errno = result
            return nil
        }
        return (pid, input[1], output[0])
    }

    private static func decode(_ output: [UInt8]) -> FetchResult? {
        guard let newline = output.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONParser.parse(Array(output[..<newline])),
              case .string(let result)? = header["result"] else { return nil }
        func text(_ key: String) -> String? { if case .string(let value)? = header[key] { value } else { nil } }
        let freshness = FreshnessHeaders(cacheControl: text("cache_control"), expires: text("expires"),
                                         age: text("age"), date: text("date"))
        switch result {
        case "body":
            return .body(Array(output[(newline + 1)...]), Validators(etag: text("etag"), lastModified: text("last_modified")), freshness)
        case "not_modified": return .notModified(freshness)
        case "failed":
            return .failed(text("reason") ?? "unknown failure",
                           retryAfter: text("retry_after").map { RetryAfterHeader(value: $0, date: text("date")) })
        default: return nil
        }
    }
}

struct FetchStartError: Error { let reason: String }

struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?
}

/// What one GET produced: only a 200 with a body under the cap is a body, else a failure with a reason to act on.
enum FetchResult: Sendable, Equatable {
    case body([UInt8], Validators, FreshnessHeaders), notModified(FreshnessHeaders)
    case failed(String, retryAfter: RetryAfterHeader? = nil)
}

/// One GET through libcurl, bounded inside the transfer by one deadline and a cap on the decoded body, so what the
/// upstream sends cannot make the fetch take longer or hold more.
struct HTTPFetcher: Sendable {
    static let sizeLimit = CacheFiles.sizeLimit
    let timeout: Double

    func fetch(_ url: String, validators: Validators?) -> FetchResult {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failed("'\(RedactedURL(url))' is not an http or https URL")
        }
        // Config allows 0.1-300 s; the clamp keeps any other caller from trapping.
        let milliseconds = Int((min(max(timeout, 0.001), 86_400) * 1000).rounded(.up))
        var result = venued_fetch_result()
        venued_fetch(url, milliseconds, Self.sizeLimit, "venued", validators?.etag, validators?.lastModified, &result)
        defer { venued_fetch_release(&result) }
        switch result.outcome {
        case venued_fetch_completed:
            return answer(to: result, conditional: validators?.etag != nil || validators?.lastModified != nil)
        case venued_fetch_too_large: return .failed("the body is over the \(Self.sizeLimit >> 20) MB cap")
        case venued_fetch_failed where result.curl_code == 28:
            return .failed("no complete answer within \(Seconds.text(timeout)) s")
        case venued_fetch_failed where result.curl_code == 7: return .failed("connection refused")
        default:
            // libcurl's message may quote a host or URL that a redirect named.
            return .failed(UntrustedText.singleLine(Self.text(result.message)))
        }
    }

    private func answer(to result: venued_fetch_result, conditional: Bool) -> FetchResult {
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
        switch result.status {
        case 200:
            return .body(body, Validators(etag: Self.header(result.etag), lastModified: Self.header(result.last_modified)),
                         Self.freshness(result))
        case 304 where conditional: return .notModified(Self.freshness(result))
        case 304:
            // "Not modified" means nothing when no copy was named: it is not a feed.
            return .failed("HTTP 304 to a request that sent no validator")
        default:
            // The upstream's own words, shown by `info` and `refresh` and logged: one clean line.
            let snippet = UntrustedText.singleLine(String(decoding: body.prefix(160), as: UTF8.self))
            // Only these two statuses give Retry-After the meaning "not before" (RFC 9110 10.2.3).
            let retryAfter = result.status == 429 || result.status == 503
                ? Self.header(result.retry_after).map { RetryAfterHeader(value: $0, date: Self.header(result.date)) }
                : nil
            return .failed("HTTP \(result.status)" + (snippet.isEmpty ? "" : ": \(snippet)"), retryAfter: retryAfter)
        }
    }

    private static func freshness(_ result: venued_fetch_result) -> FreshnessHeaders {
        FreshnessHeaders(cacheControl: header(result.cache_control), expires: header(result.expires),
                         age: header(result.age), date: header(result.date))
    }

    private static func header<T>(_ field: T) -> String? { Optional(text(field)).flatMap { $0.isEmpty ? nil : $0 } }

    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
