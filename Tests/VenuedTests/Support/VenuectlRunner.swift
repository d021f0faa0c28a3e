import Foundation
import Glibc

/// The real venuectl binary (built beside venued), run with a test home's XDG
/// directories. Output goes to files and the wait is bounded: a run that hangs is killed
/// and reported rather than allowed to stall the suite.
enum VenuectlRunner {
    struct Run {
        let code: Int32
        let stdout: String
        let stderr: String
        /// Wall time of the whole process, start to exit.
        let seconds: Double
        /// The bytes as written, for checks that a lossy or failed UTF-8 decoding would hide.
        var stdoutBytes: [UInt8] = []
        var stderrBytes: [UInt8] = []

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:] }
        var venues: [[String: Any]] { json["venues"] as? [[String: Any]] ?? [] }
    }

    static var binary: String {
        URL(fileURLWithPath: DaemonProcess.binary).deletingLastPathComponent().appendingPathComponent("venuectl").path
    }

    /// `stdoutRedirect` is a shell redirection for venuectl's stdout instead of capturing
    /// it (`>/dev/full`, `>&-`): the run goes through `/bin/sh -c 'exec venuectl ... REDIRECT'`.
    static func run(_ arguments: [String], home: DaemonProcess.Home, environment extra: [String: String] = [:],
                    timeout: Double = 40, stdoutRedirect: String? = nil) throws -> Run {
        let tag = UUID().uuidString.prefix(8)
        let outPath = home.root + "/venuectl-\(tag).out", errPath = home.root + "/venuectl-\(tag).err"
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let process = Process()
        if let stdoutRedirect {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" \(stdoutRedirect)", binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.environment = home.environment.merging(["TZ": "America/New_York"]) { $1 }.merging(extra) { $1 }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let started = Date()
        try process.run()
        while process.isRunning && Date().timeIntervalSince(started) < timeout { usleep(5_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TestFailure("venuectl \(arguments.joined(separator: " ")) did not exit within \(timeout) s")
        }
        let seconds = Date().timeIntervalSince(started)
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let bytes = { (path: String) in FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }
        return Run(code: process.terminationStatus, stdout: read(outPath), stderr: read(errPath), seconds: seconds,
                   stdoutBytes: bytes(outPath), stderrBytes: bytes(errPath))
    }
}
