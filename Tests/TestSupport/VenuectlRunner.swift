import Foundation

/// The real venuectl binary (built beside the tests), run with a test home's XDG
/// directories. Output goes to files and the wait is bounded: a run that hangs is killed
/// and reported rather than allowed to stall the suite.
public enum VenuectlRunner {
    public typealias Run = ProgramRun

    public static var binary: String { PackagePaths.product("venuectl") }

    /// `stdoutRedirect` is a shell redirection for venuectl's stdout instead of capturing
    /// it (`>/dev/full`, `>&-`): the run goes through `/bin/sh -c 'exec venuectl ... REDIRECT'`.
    public static func run(_ arguments: [String], home: TestHome, environment extra: [String: String] = [:],
                           timeout: Double = 40, stdoutRedirect: String? = nil) throws -> Run {
        try runProgram(binary, arguments, environment: home.environment.merging(["TZ": "America/New_York"]) { $1 }.merging(extra) { $1 },
                       scratch: home.root, timeout: timeout, stdoutRedirect: stdoutRedirect)
    }
}
