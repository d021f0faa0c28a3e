import Glibc
import VenuectlApp
import VenuedProtocol
import VenuedSystem

// Glibc only: this binary is linked with -static-executable and must not load
// Foundation, because a shell prompt runs it on every Enter (see README, Performance).
signal(SIGPIPE, SIG_IGN)
// Before anything opens a descriptor that could take the number of a closed stdout.
Venuectl.holdClosedStandardDescriptors()
// The prompt's path first: a status venued can answer, with no Swift collections built.
if let code = ForwardedStatus.answer(CommandLine.argc, CommandLine.unsafeArgv) { exit(code) }
exit(Venuectl.run(
    Array(CommandLine.arguments.dropFirst()),
    now: WallClock().now(),
    environment: ProcessEnvironment.current(),
    stdoutIsTTY: isatty(STDOUT_FILENO) == 1
))
