import Glibc
import VenuedSystem

/// `venuectl notify` execs `venued-notify`, which needs libsystemd's sd-bus, which this static binary cannot load.
enum NotifyCommand {
    static let program = "venued-notify"

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        // Beside the running venuectl (/proc/self/exe: a symlink to venuectl on PATH still finds the installed pair).
        let path = StartHint.ownExecutable().map { AtomicFile.directory(of: $0) + "/" + program } ?? program
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw .environment("cannot run \(path) (\(reason)): 'venuectl notify' needs venued-notify installed beside venuectl; reinstall venued")
    }

    /// Its one error is the missing follower: 127, the shell's code for a command that cannot be found.
    static func exitCode(_ error: CLIError) -> Int32 {
        if case .answer(.environment) = error { 127 } else { error.exitCode }
    }
}
