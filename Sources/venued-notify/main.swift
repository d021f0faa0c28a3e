import Glibc
import VenuedNotify
import VenuedSystem

// Dynamically linked, unlike venuectl: it loads libsystemd.so.0 for the session bus.
NotifyProgram.prepare()
exit(NotifyProgram.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))
