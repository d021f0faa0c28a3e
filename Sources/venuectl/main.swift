import Glibc
import VenuectlApp
import VenuedSystem

// Glibc only: this binary is linked with -static-executable and must not load
// Foundation, because a shell prompt runs it on every Enter (docs/PERFORMANCE.md).
signal(SIGPIPE, SIG_IGN)
// Before anything opens a descriptor that could take the number of a closed stdout.
Venuectl.holdClosedStandardDescriptors()
exit(Venuectl.run(
    Array(CommandLine.arguments.dropFirst()),
    now: WallClock().now(),
    environment: ProcessEnvironment.current(),
    stdoutIsTTY: isatty(STDOUT_FILENO) == 1
))
