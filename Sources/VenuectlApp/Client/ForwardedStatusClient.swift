import Glibc
import VenueReports
import VenuedProtocol

extension ForwardedStatus {
    /// Client side: the exit code when venued answered (with the text, or with the error
    /// a local run would stop with), nil to take the ordinary path.
    public static func answer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32? {
        guard argc == 1 || (argc >= 2 && argv[1].map { strcmp($0, "status") == 0 } == true) else { return nil }
        // Written as read, with no array built (`Line`).
        var line = Line()
        for index in 2..<max(2, Int(argc)) {
            guard let pointer = argv[index] else { return nil }
            let argument = String(cString: pointer)
            guard !isClientOnly(argument) else { return nil }
            line.argument(argument)
        }
        for name in environmentNames {
            if let value = getenv(name) { line.variable(name, String(cString: value)) }
        }
        let request = line.finished(stdoutIsTTY: isatty(STDOUT_FILENO) == 1)
        let uid = getuid()
        let socket = DaemonConnection.path(flag: nil, variable: { getenv($0).map { String(cString: $0) } }, uid: uid)
        // Any failure, a socket that is not the user's own included, takes the ordinary
        // path, which asks again and falls back to the local copy with its notice.
        guard case .success(let answer) = DaemonConnection(path: socket, uid: uid).exchange(request, timeout: DaemonStatus.budget) else { return nil }
        if answer.ok, case .string(let text)? = answer.value["text"] {
            do { try Venuectl.write(text) } catch { return Venuectl.fail(error, exitCode: error.exitCode) }
            return 0
        }
        guard !answer.ok else { return nil }
        let error = CLIError(answer: answer.value, command: "status")
        // A bar's or a prompt's format: the error as it shows it, and exit 0 (BarError).
        if case .string(let shown)? = answer.value["text"] {
            do { try Venuectl.write(shown) } catch { return Venuectl.fail(error, exitCode: error.exitCode) }
            let message = if case .string(let text)? = answer.value["error"] { text } else { "venued refused the command" }
            Venuectl.writeError("venuectl: " + (error.map { "\($0)" } ?? message))
            return 0
        }
        guard let error else { return nil }
        return Venuectl.fail(error, exitCode: error.exitCode)
    }
}
