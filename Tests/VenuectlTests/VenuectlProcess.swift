import Foundation
import Glibc

/// The real venuectl binary, run with no venued and no cache where it looks, so these
/// tests pin the local computation; a fresh XDG_CONFIG_HOME each run unless the test
/// gives one (for venuectl.conf and favorites). The wait is bounded.
enum VenuectlProcess {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Run {
        let code: Int32
        let stdout: String
        let stderr: String
        /// The bytes as written, for checks that a lossy or failed UTF-8 decoding would hide.
        let stdoutBytes: [UInt8]
        let stderrBytes: [UInt8]

        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any] ?? [:] }
        var venues: [[String: Any]] { json["venues"] as? [[String: Any]] ?? [] }
    }

    static let fixture = packageRoot.appendingPathComponent("Tests/Fixtures/penn/pennlabs_backup-data_venues.json").path

    /// The binary SwiftPM built beside this test bundle.
    static var binary: URL {
        let candidates = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("venuectl") }
            + [packageRoot.appendingPathComponent(".build/debug/venuectl")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// A fresh directory for a test's files (config, data), removed by the caller.
    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "venuectl-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `stdoutRedirect` is a shell redirection for venuectl's stdout instead of capturing
    /// it (`>/dev/full`, `>&-`): the run goes through `/bin/sh -c 'exec venuectl ... REDIRECT'`.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 30,
                    stdoutRedirect: String? = nil) throws -> Run {
        guard let stdoutRedirect else { return try runProgram(binary.path, arguments, environment: environment, timeout: timeout) }
        return try runProgram("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(stdoutRedirect)", binary.path] + arguments,
                              environment: environment, timeout: timeout)
    }

    /// Another program (`script`, to give venuectl a terminal; a shell) in venuectl's test environment.
    static func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 30) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let nowhere = NSTemporaryDirectory() + "venuectl-no-daemon-\(UUID().uuidString)"
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "HOME": NSTemporaryDirectory(),
                               "XDG_RUNTIME_DIR": nowhere + "/run", "XDG_CACHE_HOME": nowhere + "/cache",
                               "XDG_CONFIG_HOME": nowhere + "/config"].merging(environment) { $1 }
        let outPath = nowhere + ".out", errPath = nowhere + ".err"
        defer { for path in [outPath, errPath] { try? FileManager.default.removeItem(atPath: path) } }
        for path in [outPath, errPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let started = Date()
        try process.run()
        while process.isRunning && Date().timeIntervalSince(started) < timeout { usleep(2_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw TimedOut(command: arguments.joined(separator: " "))
        }
        let read = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        let bytes = { (path: String) in FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [] }
        return Run(code: process.terminationStatus, stdout: read(outPath), stderr: read(errPath),
                   stdoutBytes: bytes(outPath), stderrBytes: bytes(errPath))
    }

    struct TimedOut: Error { let command: String }
}
