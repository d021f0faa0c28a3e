import Glibc
import VenuedSystem

/// `venuectl notify` execs `venued-notify`, installed beside venuectl: it needs libsystemd's sd-bus at run time,
/// which this static binary cannot load. By exec, the flags, `--help`, exit codes and pid are the follower's own.
enum NotifyCommand {
    static let program = "venued-notify"
    /// The shell's code for a command that cannot be found: venued-notify is missing
    /// (an incomplete install), which no setting or retry mends.
    static let missingExitCode: Int32 = 127

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let path = besideThisProgram()
        let words = [program] + arguments
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw .environment("cannot run \(path) (\(reason)): 'venuectl notify' needs venued-notify installed beside venuectl; reinstall venued")
    }

    /// Every error of this command is the missing follower: the arguments are its to judge.
    static func exitCode(_ error: CLIError) -> Int32 {
        if case .answer(.environment) = error { missingExitCode } else { error.exitCode }
    }

    /// `venued-notify` in the directory of the running venuectl (/proc/self/exe, so a
    /// symlink to venuectl on PATH still finds the installed pair).
    static func besideThisProgram() -> String {
        guard let path = StartHint.ownExecutable() else { return program }
        return AtomicFile.directory(of: path) + "/" + program
    }
}
