import Glibc
import VenuectlApp
import VenuedSystem

// Glibc only, no Foundation: a shell prompt runs this on every Enter (docs/PERFORMANCE.md).
signal(SIGPIPE, SIG_IGN)
// Before anything opens a descriptor that could take the number of a closed stdout.
Venuectl.holdClosedStandardDescriptors()
// The prompt's path first: its query straight from argv, with no Swift collections built.
let failure: DaemonFailure?
switch PromptPath.answer(CommandLine.argc, CommandLine.unsafeArgv) {
case .done(let code): exit(code)
case .ordinary: failure = nil
case .unreachable(let reason): failure = reason
}
exit(Venuectl.run(Array(CommandLine.arguments.dropFirst()), now: WallClock().now(),
                  environment: ProcessEnvironment.current(), stdoutIsTTY: isatty(STDOUT_FILENO) == 1,
                  venuedFailure: failure))
