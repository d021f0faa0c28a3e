import DiningHours
import Foundation
import VenuedCLI

let code = Venuectl.run(
    Array(CommandLine.arguments.dropFirst()),
    now: Instant(secondsSinceEpoch: Int(Date().timeIntervalSince1970)),
    environment: ProcessInfo.processInfo.environment,
    stdoutIsTTY: isatty(1) == 1
)
exit(code)
