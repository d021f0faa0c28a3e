import Glibc
import VenueReports
import VenuedProtocol

/// The prompt's path: `venuectl status` with the few flags a prompt or a bar uses, turned into its request straight
/// from argv. A Swift process pays for its first dictionaries, sets and generic types, which would cost a prompt far
/// more than the exchange. The request is `StatusQuery.request`'s line for the same options (a test holds the two
/// together); anything else, and a venued that gave no answer, takes the ordinary path.
public enum PromptPath {
    public enum Outcome {
        case done(Int32), ordinary
        /// The ordinary path answers locally, without asking again.
        case unreachable(DaemonFailure)
    }

    static let formats = ["prompt", "tmux", "i3blocks", "i3bar", "polybar", "waybar", "i3status-rs"]
    static let venueLimit = 8
    /// The flags without a value it takes, in `StatusQuery`'s order.
    static let switches = [("--open-now", "open_now"), ("--halls", "halls"), ("--retail", "retail"), ("--hide-empty", "hide_empty")]

    public static func answer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Outcome {
        guard let (request, format) = request(argc, argv) else { return .ordinary }
        let uid = getuid()
        let socket = DaemonConnection.path(flag: nil, variable: { getenv($0).map { String(cString: $0) } }, uid: uid)
        let answer: Answer
        switch DaemonConnection(path: socket, uid: uid).exchange(request, timeout: DaemonStatus.budget) {
        case .success(let received): answer = received
        case .failure(let failure): return .unreachable(failure)
        }
        if answer.ok, case .string(let text)? = answer.value["text"] {
            do { try Venuectl.write(text) } catch { return .done(Venuectl.fail(error, exitCode: error.exitCode)) }
            return .done(0)
        }
        guard !answer.ok, let error = AnswerError(answer: answer.value, command: "status").map(CLIError.answer) else {
            return .unreachable(.unusable(socket, "answered a status request without the status"))
        }
        // A bar's or a prompt's format says its error in that format, and exits 0.
        guard let format = try? StatusFormat(name: format), let code = Venuectl.say(error, in: format) else {
            return .done(Venuectl.fail(error, exitCode: error.exitCode))
        }
        return .done(code)
    }

    /// nil when the command line is not one this path takes. C strings and one String: no array, no dictionary.
    static func request(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> (String, String)? {
        guard argc >= 2, let command = argv[1], strcmp(command, "status") == 0, !configured() else { return nil }
        var venues = ""
        var seen = 0
        var switches = [false, false, false, false]
        var format: String?
        var index = 2
        while index < Int(argc) {
            guard let argument = argv[index] else { return nil }
            index += 1
            if strcmp(argument, "--format") == 0 {
                guard index < Int(argc), let value = argv[index] else { return nil }
                index += 1
                format = String(cString: value)
                continue
            }
            if let position = Self.switches.firstIndex(where: { strcmp(argument, $0.0) == 0 }) {
                switches[position] = true
                continue
            }
            // A flag this path does not take, or an empty or repeated VENUE: the ordinary path.
            guard argument.pointee != 0, argument.pointee != CChar(UInt8(ascii: "-")), seen < venueLimit else { return nil }
            let quoted = JSONText.quote(String(cString: argument))
            guard !venues.contains(quoted) else { return nil }
            venues += (seen == 0 ? "" : ",") + quoted
            seen += 1
        }
        guard let format, formats.contains(format) else { return nil }
        var line = "{\"v\":1,\"cmd\":\"status\""
        if seen > 0 { line += ",\"venues\":[" + venues + "]" }
        for position in 0..<3 where switches[position] { line += ",\"" + Self.switches[position].1 + "\":true" }
        line += ",\"soon\":15"
        if switches[3] { line += ",\"hide_empty\":true" }
        return (line + ",\"render\":" + JSONText.quote(format) + "}", format)
    }

    /// Whether venuectl.conf is there: its defaults are the ordinary path's to read.
    private static func configured() -> Bool {
        if let config = getenv("XDG_CONFIG_HOME"), config.pointee == CChar(UInt8(ascii: "/")) {
            return access(String(cString: config) + "/venued/venuectl.conf", F_OK) == 0
        }
        guard let home = getenv("HOME") else { return false }
        return access(String(cString: home) + "/.config/venued/venuectl.conf", F_OK) == 0
    }
}
