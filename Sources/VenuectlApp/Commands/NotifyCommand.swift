import VenueReports
import VenuectlGrammar

/// `venuectl notify`: desktop notifications of the favorite venues (by default) on the
/// session bus, as a long-running follower of venued (`NotifyFollower`). The settings
/// are its flags, or the `notify_*` keys of venuectl.conf, which stand for them.
enum NotifyCommand {
    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let options = try answering(try NotifyOptions.parse(arguments, environment: context.environment))
        if options.help {
            try Venuectl.write(helpText + "\n")
            return 0
        }
        return try NotifyFollower(options: options, context: context).run()
    }

    static var helpText: String {
        """
        usage: venuectl notify [options]

        Desktop notifications (org.freedesktop.Notifications on the session bus) for your
        favorite venues: when one opens ("Hill House is open now for Dinner"), a countdown
        before it closes ("1920 Commons closes in 15 min", then 5: one notification,
        updated), and when new data changes its hours today. Each is sent once, at its
        time; one missed by more than 2 minutes (a suspend) is not sent late. Follows
        venued's stream (the local copy while venued is down) and waits quietly for the
        bus and a notification server. Run it as the systemd user unit
        venued-notify.service; stop it with Ctrl-C.

        options:
        \(NotifyOptions.table.helpLines)

        Defaults are read from \(VenuectlConfig.displayPath),
        'key = value' lines; a flag wins over its key:
        \(VenuectlConfig.helpLines(.notify))

        What it has sent is kept in $XDG_STATE_HOME/venued/notified (~/.local/state/venued).

        exit codes: 0 stopped after --count, 2 usage or a bad setting, 3 unknown venue,
        4 its state file cannot be written (or another 'venuectl notify' is running)
        """
    }
}
