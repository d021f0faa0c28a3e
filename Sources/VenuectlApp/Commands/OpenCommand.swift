import DiningHours
import Glibc
import VenueReports
import VenuedSystem

enum OpenCommand {
    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var venue: [String] = []
        var print = false
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl open --help", flags: [
        .init(name: "--print", value: nil, help: "print the page's URL instead of opening it") { o, _ in o.print = true },
        .data, .help])

    static let helpText = """
        usage: venuectl open VENUE [options]

        Opens the venue's page on Penn Dining's site with $BROWSER (a colon-separated list
        of programs; %s stands for the URL), else xdg-open. Prints the URL instead when
        neither is installed, or with --print. VENUE is an id, a name, or a part of one
        that names a single venue.

        options:
        \(table.helpLines)

        exit codes: 0 opened or printed, 2 usage or ambiguous venue, 3 unknown venue,
        4 unreadable data, 5 invalid data, 8 the venue has no page, 9 the browser failed,
        74 the URL could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.venue.append(word) }) else { return 0 }
        let query = try answering(try VenueArgument.query(options.venue, command: "open"))
        let local = try LocalFeed.served(options.common.data, context: context)
        local.writeNotes(zone: try options.common.zone())
        let url = try page(query, venues: local.copy.feed.venues)
        if options.print { return try Venuectl.done(url + "\n") }
        switch BrowserOpener(environment: context.environment).open(url) {
        case .opened: return 0
        case .noOpener:
            try Venuectl.write(url + "\n")
            Venuectl.writeError("venuectl: nothing to open the page with (no $BROWSER, no xdg-open on PATH): its URL is printed above")
            return 0
        case .failed(let program, let status):
            throw .openFailed("\(program) could not open \(url) (exit \(status)): open it yourself")
        }
    }

    /// The pages come from the bundled metadata, so a venue the feed lacks (closed for the term) still has its page.
    private static func page(_ query: String, venues: [Venue]) throws(CLIError) -> String {
        if query.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(query), !venues.contains(where: { $0.id == id }),
           let url = VenueInfo.bundled[id]?.pageURL { return url }
        let venue = try answering(try VenueArgument.resolve(query, in: venues))
        guard let url = VenueInfo.bundled[venue.id]?.pageURL else { throw .noPage(venue: venue.name) }
        return url
    }
}

/// Opens a URL with `$BROWSER`'s programs, then `xdg-open`, through `posix_spawn` (no shell, no Foundation).
package struct BrowserOpener {
    package enum Outcome: Equatable { case opened(program: String), noOpener, failed(program: String, status: Int32) }
    let environment: [String: String]
    package init(environment: [String: String]) { self.environment = environment }

    private func program(for url: String) -> (path: String, words: [String])? {
        let browsers = (environment["BROWSER"] ?? "").split(separator: ":").map { entry -> [String] in
            let words = entry.split(separator: " ").map(String.init)
            return words.contains { $0.contains("%s") } ? words.map { $0.replacing("%s", with: url) } : words + [url]
        }
        let candidates = browsers.filter { !$0.isEmpty } + [["xdg-open", url]]
        return candidates.lazy.compactMap { words in executable(words[0]).map { ($0, words) } }.first
    }

    func open(_ url: String) -> Outcome {
        guard let (path, words) = program(for: url) else { return .noOpener }
        var status: Int32 = 0
        guard let pid = spawn(path, words), Syscall.retrying({ waitpid(pid, &status, 0) }) >= 0 else {
            return .failed(program: words[0], status: 127)
        }
        // Its exit code, or 128 + the signal that killed it.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return code == 0 ? .opened(program: words[0]) : .failed(program: words[0], status: code)
    }

    /// Not waited for: `notify` goes on while the browser runs; `reapFinished` collects it.
    package func start(_ url: String) -> Outcome {
        guard let (path, words) = program(for: url) else { return .noOpener }
        return spawn(path, words).map { _ in .opened(program: words[0]) } ?? .failed(program: words[0], status: 127)
    }

    /// Without waiting: the browsers `start` left running must not stay zombies.
    package static func reapFinished() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }

    func executable(_ name: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.lazy.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Output to /dev/null: browsers chatter. No signal blocked, SIGPIPE, SIGTERM, SIGINT at their defaults: venuectl
    /// ignores SIGPIPE and venued-notify blocks the other two, which a browser would inherit.
    private func spawn(_ path: String, _ words: [String]) -> pid_t? {
        let argv = words.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0) == 0,
              posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO) == 0 else { return nil }
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGTERM, SIGINT] { sigaddset(&defaults, number) }
        guard posix_spawnattr_setsigmask(&attributes, &none) == 0, posix_spawnattr_setsigdefault(&attributes, &defaults) == 0,
              posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) == 0 else { return nil }
        var pid: pid_t = 0
        return posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 ? pid : nil
    }
}
