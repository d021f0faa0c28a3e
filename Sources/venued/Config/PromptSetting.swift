import VenueReports

/// One `prompt.NAME = ARGUMENTS` line: a status line kept current in a file, so a shell prompt reads it with a builtin
/// instead of starting a process at every prompt.
struct PromptSetting: Sendable, Equatable {
    static let keyPrefix = "prompt."
    static let limit = 16
    static let nameLimit = 64
    static let badConfigText = "venued: bad prompt config\n"

    struct Problem: Error, Sendable, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    let name: String
    let location: String
    let subscription: Result<Subscription, Problem>

    var problem: String? {
        guard case .failure(let problem) = subscription else { return nil }
        return "\(location): \(Self.keyPrefix)\(name): \(problem.message)"
    }

    /// So a name can never be `..`, a path, a temporary file or hidden.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameLimit
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) || $0 == "-" || $0 == "_" }
    }

    /// Only `TZ` of venued's environment counts: neither venuectl.conf nor a terminal's settings.
    init(name: String, value: String, location: String, environment: [String: String]) {
        self.name = name
        self.location = location
        subscription = Self.resolve(name: name, value: value, environment: environment.filter { $0.key == "TZ" },
                                    favoritesFile: Favorites.path(environment: environment))
    }

    init(name: String, location: String, problem: Problem) {
        self.name = name
        self.location = location
        subscription = .failure(problem)
    }

    private static func resolve(name: String, value: String, environment: [String: String], favoritesFile: String?) -> Result<Subscription, Problem> {
        guard isValidName(name) else {
            return .failure(Problem("the name must be 1 to \(nameLimit) letters, digits, '-' or '_': it names a file"))
        }
        let arguments: [String]
        do throws(Problem) { arguments = try ArgumentWords.split(value).get() } catch { return .failure(error) }
        do {
            // The status flags alone: venuectl.conf is venuectl's, and the line says everything.
            var options = StatusOptions()
            try StatusOptions.parseFlags(arguments, table: StatusOptions.table, into: &options, status: \.self)
            _ = try StatusReport.zone(options.tz)
            if options.favorites || options.dishes { options.favoritesFile = favoritesFile }
            let presentation = StatusPresentation(options.format, environment: environment, stdoutIsTTY: false)
            // What only a client can do, and a fixed instant that would never change.
            if options.data != nil { return .failure(Problem("--data is for venuectl: venued serves its own data")) }
            if options.socket != nil { return .failure(Problem("--socket is for venuectl: this is venued")) }
            if options.help { return .failure(Problem("--help is for venuectl")) }
            if options.at != nil { return .failure(Problem("--at would fix the time: a prompt file always shows now")) }
            return .success(Subscription(options: options, presentation: presentation))
        } catch { return .failure(Problem("\(error)")) }
    }
}
