import CLinuxEvents
import DiningHours
import Glibc
import VenuedProtocol
import VenuedSystem

// Signals are blocked before any thread starts so every thread inherits the mask.
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == FetchProcess.flag { FetchProcess.runChild() }
signal(SIGPIPE, SIG_IGN)
ConnectionServer.signals.block()
// Before any thread starts: see venued_limit_malloc_arenas.
_ = venued_limit_malloc_arenas(2)
let environment = ProcessEnvironment.current()

func fail(_ error: DaemonError) -> Never {
    say(error)
    exit(error.exitCode)
}

func say(_ error: DaemonError) {
    // The message may quote a config line or a path: one clean line, as the log's are.
    let line = "venued: \(UntrustedText.singleLine(error.message))\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

do throws(DaemonError) {
    switch try Invocation.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help: print(Invocation.helpText)
    case .version: print("venued \(Release.version)")
    case .check(let path):
        let problems = try SelfCheck.run(feedPath: path, loader: ConfigLoader(environment: environment, uid: getuid(), overrides: []))
        // Every bad prompt line is named; the last one ends the check, with its exit code.
        for problem in problems.dropLast() { say(.config(problem)) }
        if let last = problems.last { fail(.config(last)) }
    case .run(let overrides):
        try Daemon(loader: ConfigLoader(environment: environment, uid: getuid(), overrides: overrides), environment: environment).run()
    }
} catch { fail(error) }
