import DiningHours
import Glibc
import VenuedCLI

// Glibc only: this binary is linked with -static-executable and must not load
// Foundation, because a shell prompt runs it on every Enter (see README, Performance).
signal(SIGPIPE, SIG_IGN)
var clock = timespec()
clock_gettime(CLOCK_REALTIME, &clock)
exit(Venuectl.run(
    Array(CommandLine.arguments.dropFirst()),
    now: Instant(secondsSinceEpoch: clock.tv_sec),
    environment: ProcessEnvironment.current(),
    stdoutIsTTY: isatty(STDOUT_FILENO) == 1
))
