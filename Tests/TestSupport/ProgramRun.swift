import Foundation
import Glibc

/// What a program run under test wrote and how it ended.
public struct ProgramRun {
    public let code: Int32
    public let stdout: String
    public let stderr: String
    /// The bytes as written, for checks that a lossy or failed UTF-8 decoding would hide.
    public let stdoutBytes: [UInt8]
    public let stderrBytes: [UInt8]

    public var json: [String: Any] { jsonObject(stdout) }
    public var venues: [[String: Any]] { json["venues"] as? [[String: Any]] ?? [] }

    /// The run with venuectl's line that venued is not running (and which copy it shows
    /// instead) taken out of stderr, for tests about the rest of what a command says.
    public func withoutNotRunningNotice() -> ProgramRun {
        let kept = stderr.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("venuectl: venued is not running (") }.joined(separator: "\n")
        return ProgramRun(code: code, stdout: stdout, stderr: kept, stdoutBytes: stdoutBytes, stderrBytes: Array(kept.utf8))
    }
}

/// Runs `path` with exactly `environment`, its output going to files in `scratch` (so a
/// large output cannot block it), and waits at most `timeout` seconds: a run that hangs
/// is killed and reported rather than allowed to stall the suite.
///
/// `stdoutRedirect` is a shell redirection for the program's stdout instead of
/// capturing it (`>/dev/full`, `>&-`): the run goes through `/bin/sh -c 'exec PATH ... REDIRECT'`.
public func runProgram(_ path: String, _ arguments: [String], environment: [String: String], scratch: String,
                       timeout: Double, stdoutRedirect: String? = nil) throws -> ProgramRun {
    let tag = UUID().uuidString.prefix(8)
    let outPath = scratch + "/run-\(tag).out", errPath = scratch + "/run-\(tag).err"
    defer { for file in [outPath, errPath] { unlink(file) } }
    for file in [outPath, errPath] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
    let process = Process()
    if let stdoutRedirect {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" \(stdoutRedirect)", path] + arguments
    } else {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
    }
    process.environment = environment
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    try process.run()
    guard waitForExit(process, seconds: timeout) else {
        throw TestFailure("\(URL(fileURLWithPath: path).lastPathComponent) \(arguments.joined(separator: " ")) did not exit within \(timeout) s")
    }
    let read = { (file: String) in (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
    let bytes = { (file: String) in FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [] }
    return ProgramRun(code: process.terminationStatus, stdout: read(outPath), stderr: read(errPath),
                      stdoutBytes: bytes(outPath), stderrBytes: bytes(errPath))
}
