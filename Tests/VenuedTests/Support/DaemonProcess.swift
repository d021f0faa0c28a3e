import Foundation
import Glibc
import TestSupport

/// The real venued binary, run with its XDG directories in a temp dir, and a client
/// that speaks its protocol over the real Unix socket. Every wait is bounded.
final class DaemonProcess {
    /// The test home a daemon runs in (TestSupport's, shared with venuectl's tests).
    typealias Home = TestHome

    static var binary: String { PackagePaths.product("venued") }
    /// Refused at once (the discard port): menus rounds fail without waiting or leaving the machine.
    static let noMenus = "http://127.0.0.1:9/menus"

    let home: Home
    let process = Process()
    let stderrPath: String

    /// Starts venued and waits (bounded) until its socket answers.
    init(home: Home, arguments: [String], environment extra: [String: String] = [:], executable: String? = nil,
         waitForSocket: Bool = true) throws {
        self.home = home
        stderrPath = home.root + "/stderr-\(UUID().uuidString.prefix(8))"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable ?? Self.binary)
        // A test never asks Penn for menus: those that fetch them name a local server.
        process.arguments = arguments + (arguments.contains("--menus-url") ? [] : ["--menus-url", Self.noMenus])
        process.environment = home.environment.merging(extra) { _, new in new }
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if waitForSocket { try waitUntilAnswering() }
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Up to 20 s: a bound for a failure, generous for a loaded machine.
    func waitUntilAnswering() throws {
        do {
            try waitUntil("venued answering on \(home.socketPath)") {
                if !process.isRunning { throw TestFailure("venued exited with \(process.terminationStatus): \(stderr)") }
                return (try? request(#"{"v":1,"cmd":"info"}"#, timeout: 2)) != nil
            }
        } catch let failure as TestFailure where process.isRunning {
            throw TestFailure("\(failure): \(stderr)")
        }
    }

    /// One request, one answer line.
    func request(_ line: String, timeout: Double = 5) throws -> [String: Any] {
        let client = try UnixClient(path: home.socketPath, timeout: timeout)
        defer { client.close() }
        try client.send(line + "\n")
        return try client.readObject()
    }

    /// `refresh`, asked again while the gate turns it away (the backoff after failed
    /// refreshes: start such a daemon with a short `--refresh`, which caps the backoff),
    /// for up to `seconds`.
    func refreshThroughTheGate(seconds: Double = 40) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = try request(#"{"v":1,"cmd":"refresh"}"#, timeout: 15)
            if last["not_before"] == nil { return last }
            usleep(200_000)
        }
        throw TestFailure("the refresh gate stayed shut for \(seconds) s; last answer: \(last)")
    }

    /// Asks `info` until `condition` holds, for up to `seconds`.
    func waitForInfo(seconds: Double = 8, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String: Any] = [:]
        while Date() < deadline {
            last = try request(#"{"v":1,"cmd":"info"}"#)
            if condition(last) { return last }
            usleep(50_000)
        }
        throw TestFailure("condition not met within \(seconds) s; last info: \(last); stderr: \(stderr)")
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// SIGTERM, then the exit status (waiting up to 5 s; SIGKILL after that).
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { signal(SIGTERM) }
        return waitForExit()
    }

    func waitForExit(seconds: Double = 5) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
}
