import VenueReports

/// One `prompt.NAME = ARGUMENTS` line of venued's config file: a status line that venued
/// keeps current in the file `NAME` of its prompt directory (`PromptFiles`), so that a
/// shell prompt reads it with a builtin instead of starting a process at every prompt.
///
/// ARGUMENTS are `venuectl status` arguments, split into words as a shell would
/// (`ArgumentWords`) and read by the status query's flag table (`StatusOptions.table`), so
/// the file holds what that command line prints — except that venuectl.conf is not
/// read: the line says everything, and a file venued reads only at start and SIGHUP
/// would make a prompt follow edits of venuectl.conf late. The favorites file is read at
/// every render, as for a `subscribe` stream.
///
/// A bad line does not stop venued (the other settings, and the other prompt lines,
/// still count): it is logged, its file says `venued: bad prompt config`, and
/// `venued --check` names it with exit code 2.
struct PromptSetting: Sendable, Equatable {
    /// What the config file's key starts with.
    static let keyPrefix = "prompt."
    /// Prompt lines a config file may hold: a prompt has room for one or two segments,
    /// and each is rendered at every transition of its venues.
    static let limit = 16
    /// A name is a file name in the prompt directory: letters, digits, `-` and `_`, so it
    /// can never be `..`, a path, a temporary file (`NAME.tmp-…`) or hidden.
    static let nameLimit = 64

    /// What the file says while its line is wrong: short, for a prompt, and never empty.
    static let badConfigText = "venued: bad prompt config\n"

    struct Problem: Error, Sendable, Equatable {
        let message: String
        init(_ message: String) { self.message = message }
    }

    let name: String
    /// `path:line`, for messages.
    let location: String
    /// What the file shows, or why the line cannot say.
    let subscription: Result<Subscription, Problem>

    /// The problem, worded for the log and `--check`: `path:line: prompt.NAME: ...`.
    var problem: String? {
        guard case .failure(let problem) = subscription else { return nil }
        return "\(location): \(Self.keyPrefix)\(name): \(problem.message)"
    }

    /// Whether `name` can be a file name in the prompt directory.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= nameLimit
            && name.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Reads `value` as `venuectl status` arguments. `environment` is venued's own: only
    /// `TZ` is passed on (plain text says when venue times are in another zone than the
    /// reader's), so neither venuectl.conf nor a terminal's settings count.
    init(name: String, value: String, location: String, environment: [String: String]) {
        self.name = name
        self.location = location
        subscription = Self.resolve(name: name, value: value, environment: environment.filter { $0.key == "TZ" },
                                    favoritesFile: Favorites.path(environment: environment))
    }

    /// A line refused before it is read (one past `limit`).
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
        switch ArgumentWords.split(value) {
        case .success(let words): arguments = words
        case .failure(let problem): return .failure(problem)
        }
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
        } catch {
            return .failure(Problem("\(error)"))
        }
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
