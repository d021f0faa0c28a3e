import Glibc
import VenueAnswers
import VenuedProtocol

extension ForwardedStatus {
    /// Client side: the exit code when venued answered (with the text, or with the error
    /// a local run would stop with), nil to take the ordinary path.
    public static func answer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32? {
        guard argc == 1 || (argc >= 2 && argv[1].map { strcmp($0, "status") == 0 } == true) else { return nil }
        var arguments = "["
        for index in 2..<max(2, Int(argc)) {
            guard let argument = argv[index] else { return nil }
            for flag in ["--data", "--socket", "--help", "-h"] where strcmp(argument, flag) == 0 || strncmp(argument, flag + "=", flag.utf8.count + 1) == 0 {
                return nil
            }
            arguments += (index > 2 ? "," : "") + JSONText.quote(String(cString: argument))
        }
        var environment = "{"
        for name in environmentNames {
            guard let value = getenv(name) else { continue }
            environment += (environment.count > 1 ? "," : "") + JSONText.quote(name) + ":" + JSONText.quote(String(cString: value))
        }
        let request = #"{"v":1,"cmd":"venuectl","args":"# + arguments + #"],"env":"# + environment + #"},"tty":"#
            + (isatty(STDOUT_FILENO) == 1 ? "true" : "false") + "}"
        let socket = DaemonConnection.path(flag: nil, variable: { getenv($0).map { String(cString: $0) } }, uid: getuid())
        guard case .success(let answer) = DaemonConnection(path: socket).exchange(request, timeout: DaemonStatus.budget) else { return nil }
        if answer.ok, case .string(let text)? = answer.value["text"] {
            Venuectl.write(text)
            return 0
        }
        guard !answer.ok, let error = CLIError(answer: answer.value, command: "status") else { return nil }
        Venuectl.writeError("venuectl: \(error)")
        return error.exitCode
    }
}
