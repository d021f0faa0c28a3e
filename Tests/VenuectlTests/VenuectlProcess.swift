import Foundation
import TestSupport

/// The real venuectl binary, run with no venued and no cache where it looks, so these
/// tests pin the local computation; a fresh XDG_CONFIG_HOME each run unless the test
/// gives one (for venuectl.conf and favorites). The wait is bounded.
enum VenuectlProcess {
    typealias Run = ProgramRun

    static let packageRoot = PackagePaths.root
    static let fixture = PackagePaths.backupFixture

    /// The binary SwiftPM built beside this test bundle.
    static var binary: URL { URL(fileURLWithPath: PackagePaths.product("venuectl")) }

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
        try TestSupport.runProgram(binary.path, arguments, environment: testEnvironment(environment), scratch: NSTemporaryDirectory(),
                                   timeout: timeout, stdoutRedirect: stdoutRedirect)
    }

    /// Another program (`script`, to give venuectl a terminal; a shell) in venuectl's test environment.
    static func runProgram(_ path: String, _ arguments: [String], environment: [String: String] = [:], timeout: Double = 30) throws -> Run {
        try TestSupport.runProgram(path, arguments, environment: testEnvironment(environment), scratch: NSTemporaryDirectory(), timeout: timeout)
    }

    /// No venued, no cache, no config where venuectl looks, unless `extra` says otherwise.
    private static func testEnvironment(_ extra: [String: String]) -> [String: String] {
        let nowhere = NSTemporaryDirectory() + "venuectl-no-daemon-\(UUID().uuidString)"
        return ["PATH": "/usr/bin:/bin", "TZ": "America/New_York", "HOME": NSTemporaryDirectory(),
                "XDG_RUNTIME_DIR": nowhere + "/run", "XDG_CACHE_HOME": nowhere + "/cache",
                "XDG_CONFIG_HOME": nowhere + "/config"].merging(extra) { $1 }
    }
}
