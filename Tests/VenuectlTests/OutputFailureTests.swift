import Foundation
import Glibc
import Testing

/// An answer venuectl could not write is an error, not a silent exit 0: one line on
/// stderr and exit 74 (EX_IOERR) for a full disk or a closed stdout, and a quiet exit 74
/// when the reader went away, which is how `watch` leaves once nobody reads it.
@Suite struct OutputFailureTests {
    static let outputFailed: Int32 = 74

    static let commands: [[String]] = [
        ["status"],
        ["status", "--json"],
        ["status", "--format", "waybar"],
        ["status", "--data", VenuectlProcess.fixture],
        ["hours", "commons"],
        ["hours", "commons", "--json"],
        ["next", "--within", "14d"],
        ["search", "commons"],
        ["is-open", "commons"],
        ["calendar", "--at", "2023-09-18T12:00"],
        ["completions", "bash"],
        ["--help"],
        ["watch", "--count", "1"],
    ]

    @Test(arguments: commands)
    func aFullDiskIsOneLineAndItsOwnExitCode(arguments: [String]) throws {
        let run = try VenuectlProcess.run(arguments, stdoutRedirect: ">/dev/full")
        #expect(run.code == Self.outputFailed, "\(arguments): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.last == "venuectl: cannot write the answer: No space left on device", "\(arguments): \(run.stderr)")
        // status and watch may say first that venued is not running; nothing else.
        #expect(lines.dropLast().allSatisfy { $0.contains("venued is not running") }, "\(arguments): \(run.stderr)")
    }

    @Test(arguments: commands)
    func aClosedStdoutIsOneLineAndItsOwnExitCode(arguments: [String]) throws {
        let run = try VenuectlProcess.run(arguments, stdoutRedirect: ">&-")
        #expect(run.code == Self.outputFailed, "\(arguments): \(run.stderr)")
        #expect(run.stderr.split(separator: "\n").last == "venuectl: cannot write the answer: Bad file descriptor", "\(arguments): \(run.stderr)")
    }

    /// A stdout that the reader made non-blocking (some status bars do) fills up: the
    /// rest of the answer waits for room instead of being cut off at the pipe's size.
    @Test func aNonBlockingStdoutGetsTheWholeAnswer() throws {
        let pipe = Pipe()
        let writing = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) == 0)
        _ = fcntl(writing, 1031, 4096)  // F_SETPIPE_SZ: the smallest pipe, so the answer cannot fit
        let process = Process()
        process.executableURL = VenuectlProcess.binary
        process.arguments = ["next", "--within", "14d", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"]
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York"]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        try pipe.fileHandleForWriting.close()
        // venuectl meets a full pipe before anyone reads: wait (bounded) until it is full.
        let reading = pipe.fileHandleForReading.fileDescriptor
        try waitUntil("venuectl filling the pipe") {
            var queued: Int32 = 0
            return ioctl(reading, UInt(FIONREAD), &queued) == 0 && queued >= 4096 || !process.isRunning
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.count > 4096 && (try? JSONSerialization.jsonObject(with: output)) != nil, "\(output.count) bytes")
    }

    /// Without venued, watch follows the local copy and sleeps until the next change,
    /// minutes away: it must notice while it sleeps that its reader is gone.
    @Test func watchExitsOnceItsReaderIsGone() throws {
        let nowhere = try VenuectlProcess.scratch()
        defer { try? FileManager.default.removeItem(atPath: nowhere) }
        let outcome = try Self.watchUntilReaderLeaves(["watch"], environment: [
            "PATH": "/usr/bin:/bin", "TZ": "America/New_York", "HOME": nowhere,
            "XDG_RUNTIME_DIR": nowhere + "/run", "XDG_CACHE_HOME": nowhere + "/cache", "XDG_CONFIG_HOME": nowhere + "/config",
        ])
        #expect(outcome.code == Self.outputFailed)
        #expect(!outcome.stderr.contains("cannot write"), "a reader that left is not an error to report: \(outcome.stderr)")
    }

    /// Runs `venuectl ARGS` with stdout into a pipe, reads its first byte, closes the
    /// pipe (as `| head -c 1` does) and waits, at most 20 s, for it to exit.
    static func watchUntilReaderLeaves(_ arguments: [String], environment: [String: String],
                                       binary: String = VenuectlProcess.binary.path) throws -> (code: Int32, stderr: String) {
        let pipe = Pipe()
        let scratch = try VenuectlProcess.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let errPath = scratch + "/stderr"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        let first = try pipe.fileHandleForReading.read(upToCount: 1)
        #expect(first?.count == 1, "watch printed something")
        try pipe.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        #expect(!process.isRunning, "watch is still running after its reader left")
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (process.isRunning ? -1 : process.terminationStatus, stderr)
    }
}
