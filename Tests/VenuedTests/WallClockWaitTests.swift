import Foundation
import Glibc
import Testing

/// What the programs wait on, read from their system calls: every wait that leads to
/// something a user sees is an absolute CLOCK_REALTIME deadline armed with
/// TFD_TIMER_CANCEL_ON_SET (so the kernel ends it at the instant after a suspend or a
/// step, and reports a setting of the clock), and none is a relative sleep.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"),
                "needs strace (Debian's strace package; .ci/run installs it)"))
struct WallClockWaits {
    let home = DaemonProcess.Home()

    /// Runs `arguments` under strace for the calls that wait, through `body` and until
    /// the trace shows `armed` timers set (bounded), and returns the trace.
    private func trace(_ executable: String, _ arguments: [String], environment: [String: String], armed: Int = 1,
                       while body: () throws -> Void) throws -> String {
        let output = home.root + "/trace-\(UUID().uuidString.prefix(8))"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-f", "-qq", "-o", output, "-e", "trace=timerfd_create,timerfd_settime,clock_nanosleep,nanosleep",
                             executable] + arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var traced: pid_t?
        defer {
            // Stop the traced program, not strace: strace then exits with it, and no
            // orphan keeps running (or keeps strace's descriptors open) after the test.
            if let traced { kill(traced, SIGTERM) } else { kill(process.processIdentifier, SIGTERM) }
            for _ in 0..<100 where process.isRunning { usleep(50_000) }
            if process.isRunning {
                if let traced { kill(traced, SIGKILL) }
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
        }
        try body()
        // strace writes each call as it happens; the first field of a line is the pid.
        let read = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        try? waitUntil("\(armed) timers armed") { read().components(separatedBy: "timerfd_settime(").count - 1 >= armed }
        guard let text = Optional(read()), !text.isEmpty else {
            throw TestFailure("strace wrote no trace (ptrace refused here?)")
        }
        traced = text.split(separator: " ", maxSplits: 1).first.flatMap { pid_t($0) }
        return text
    }

    private func requireAbsoluteCancelOnSet(_ trace: String, _ what: String) {
        #expect(trace.contains("timerfd_create(CLOCK_REALTIME"), "\(what): no CLOCK_REALTIME timerfd\n\(trace)")
        let armed = trace.split(separator: "\n").filter { $0.contains("timerfd_settime(") }
        #expect(!armed.isEmpty, "\(what): the timer was never armed\n\(trace)")
        for line in armed {
            #expect(line.contains("TFD_TIMER_ABSTIME") && line.contains("TFD_TIMER_CANCEL_ON_SET"), "\(what): \(line)")
        }
        #expect(!trace.contains("clock_nanosleep(") && !trace.contains("nanosleep("), "\(what) sleeps for a duration\n\(trace)")
    }

    @Test func venuedWaitsOnAbsoluteWallClockDeadlinesThatAClockChangeEnds() throws {
        let socket = home.socketPath
        let text = try trace(DaemonProcess.binary, ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"],
                             environment: home.environment, armed: 1) {
            var client: UnixClient?
            for _ in 0..<200 where client == nil {
                client = try? UnixClient(path: socket, timeout: 2)
                if client == nil { usleep(50_000) }
            }
            guard let client else { throw TestFailure("venued under strace did not listen within 10 s") }
            defer { client.close() }
            try client.send(#"{"v":1,"cmd":"subscribe","venues":["commons"]}"# + "\n")
            #expect(try client.readObject()["event"] as? String == "snapshot")
        }
        requireAbsoluteCancelOnSet(text, "venued")
        // One timer, the loop's, for the subscribers' instants and the next refresh alike.
        #expect(text.components(separatedBy: "timerfd_create(CLOCK_REALTIME").count - 1 == 1, "\(text)")
    }

    @Test func watchWithoutVenuedWaitsOnAnAbsoluteDeadline() throws {
        let text = try trace(VenuectlRunner.binary, ["watch", "--data", try home.bundledDataFile(), "--format", "prompt"],
                             environment: home.environment.merging(["TZ": "America/New_York"]) { $1 }) {}
        requireAbsoluteCancelOnSet(text, "venuectl watch")
    }
}
