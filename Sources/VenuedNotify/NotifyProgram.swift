import Glibc
import VenuectlApp
import VenuectlGrammar
import VenuedSystem

/// `venued-notify`'s entry point, which `venuectl notify` execs with its arguments.
public enum NotifyProgram {
    /// Call first thing in main: stop signals are read by the loop, never acted on by the kernel.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        NotifyFollower.stopSignals.block()
    }

    public static func run(_ arguments: [String], environment: [String: String]) -> Int32 {
        let context = Context(now: WallClock().now(), environment: environment, stdoutIsTTY: isatty(STDOUT_FILENO) == 1, uid: getuid())
        do throws(CLIError) {
            let options = try answering(try NotifyOptions.parse(arguments, environment: environment))
            if options.help {
                try Venuectl.write(helpText + "\n")
                return 0
            }
            return try NotifyFollower(options: options, context: context).run()
        } catch {
            NotifyFollower.log("\(error)")
            return error.exitCode
        }
    }

    static var helpText: String {
        """
        usage: venuectl notify [options]
               venued-notify [options]

        Desktop notifications (org.freedesktop.Notifications on the session bus) for your
        favorite venues: when one opens ("Hill House is open now for Dinner"), a countdown
        before it closes ("1920 Commons closes in 15 min", then 5: one notification,
        updated), and when new data changes its hours today. Each is sent once, at its
        time, across restarts too; one missed by more than 2 minutes (a suspend) is not
        sent late. Follows venued's stream (the local copy while venued is down) and waits
        quietly for the bus and a notification server. Run it as the systemd user unit
        venued-notify.service; stop it with Ctrl-C or SIGTERM (it first records what the
        server has shown).

        options:
        \(NotifyOptions.table.helpLines)

        Defaults are read from \(VenuectlConfig.displayPath),
        'key = value' lines; a flag wins over its key:
        \(VenuectlConfig.helpLines(.notify))

        What it has sent is kept in $XDG_STATE_HOME/venued/notified (~/.local/state/venued).
        It talks to the bus through libsystemd (libsystemd.so.0, loaded when it starts).

        exit codes: 0 stopped after --count or by a signal, 2 usage or a bad setting,
        3 unknown venue, 4 its state file cannot be written (or another venued-notify is
        running); 127 from 'venuectl notify' when venued-notify is not installed beside it
        """
    }
}
