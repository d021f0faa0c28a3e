import Foundation
import Testing

/// `venuectl completions`: scripts generated from the command table, checked by the
/// shells themselves, and bash's completion run for real; plus `help COMMAND`,
/// `--help` on every command and `--version`.
@Suite struct Completions {
    let home = DaemonProcess.Home()
    static let venuectl = InstallTests.builtDirectory + "/venuectl"
    static let commands = ["status", "hours", "next", "search", "is-open", "open", "calendar", "watch", "notify", "info", "refresh", "favorites", "completions", "help"]

    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// venuectl on PATH (the scripts call `venuectl __venues`), with this home's empty XDG dirs.
    var environment: [String: String] {
        home.environment.merging(["PATH": InstallTests.builtDirectory + ":/usr/bin:/bin", "TZ": "America/New_York"]) { $1 }
    }

    func script(_ shell: String) throws -> String {
        let path = home.root + "/venuectl.\(shell)"
        let run = try InstallTests.tool(Self.venuectl, ["completions", shell], environment: environment)
        #expect(run.code == 0)
        try run.output.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The flags of the option lines of `venuectl COMMAND --help` ("  --days N  how many ...").
    func flags(of command: String) throws -> [String] {
        let help = try InstallTests.tool(Self.venuectl, [command, "--help"], environment: environment).output
        let optionLines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.joined(separator: "\n")
        return InstallTests.flags(in: optionLines).sorted()
    }

    @Test func bashAcceptsItsScript() throws {
        let check = try InstallTests.tool("/bin/bash", ["-n", try script("bash")], environment: environment)
        #expect(check.code == 0, "\(check.output)")
    }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed on this machine (nothing is installed for tests)"))
    func zshAcceptsItsScript() throws {
        let check = try InstallTests.tool(Self.shell("zsh")!, ["-n", try script("zsh")], environment: environment)
        #expect(check.code == 0, "\(check.output)")
    }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed on this machine (nothing is installed for tests)"))
    func fishAcceptsItsScript() throws {
        let check = try InstallTests.tool(Self.shell("fish")!, ["--no-execute", try script("fish")], environment: environment)
        #expect(check.code == 0, "\(check.output)")
    }

    @Test func bashCompletesCommandsFlagsValuesAndVenues() throws {
        let probe = """
            source \(try script("bash")) || exit 9
            complete -p venuectl
            c() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _venuectl; echo "${COMP_WORDS[*]} => ${COMPREPLY[*]}"; }
            c venuectl st
            c venuectl i
            c venuectl hours --d
            c venuectl status --format ''
            c venuectl hours comm
            c venuectl is-open 1920
            c venuectl is-open -
            c venuectl completions ''
            c venuectl help is
            c venuectl next --at ''
            c venuectl __
            c venuectl favorites ''
            c venuectl watch --co
            c venuectl notify --
            """
        let run = try InstallTests.tool("/bin/bash", ["-c", probe], environment: environment)
        #expect(run.code == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines == [
            "complete -F _venuectl venuectl",
            "venuectl st => status",
            "venuectl i => is-open info",
            "venuectl hours --d => --days --data",
            "venuectl status --format  => plain json waybar i3blocks i3bar i3status-rs polybar tmux prompt",
            "venuectl hours comm => 1920-commons",
            "venuectl is-open 1920 => 1920-commons 1920-gourmet-grocer 1920-starbucks",
            "venuectl is-open - => -q --quiet --at --tz --data --no-estimate --socket --help",
            "venuectl completions  => bash zsh fish",
            "venuectl help is => is-open",
            "venuectl next --at  => ",
            "venuectl __ => ",
            "venuectl favorites  => add remove toggle list",
            "venuectl watch --co => --count",
            "venuectl notify -- => --venues --events --before --socket --count --help",
        ], "\(run.output)")
    }

    /// Every shell offers `1920-commons` for `com`: bash by its `*word*` test, fish by its
    /// own substring matching, zsh by the matcher its script hands `_describe`.
    @Test func zshMatchesVenuesAnywhereInTheSlugAsBashAndFishDo() throws {
        let zsh = try String(contentsOfFile: try script("zsh"), encoding: .utf8)
        #expect(zsh.contains("  _describe -t venues venue venues -M 'm:{A-Z}={a-z} l:|=* r:|=*'\n"), "\(zsh)")
    }

    @Test func everyScriptNamesEveryCommandAndFlagOfHelp() throws {
        let bash = try String(contentsOfFile: try script("bash"), encoding: .utf8)
        let zsh = try String(contentsOfFile: try script("zsh"), encoding: .utf8)
        let fish = try String(contentsOfFile: try script("fish"), encoding: .utf8)
        let help = try InstallTests.tool(Self.venuectl, ["--help"], environment: environment).output
        for command in Self.commands {
            #expect(help.contains("\n  \(command) "), "\(command) in --help")
            let branch = try #require(bash.components(separatedBy: "\n    \(command))\n").dropFirst().first?.components(separatedBy: "\n        ;;").first)
            // `help --help` is venuectl's own help, whose flags stand where a command would.
            for flag in command == "help" ? [] : try flags(of: command) {
                #expect(branch.contains(" \(flag)") || branch.contains("'\(flag)"), "bash: \(command) \(flag)")
                #expect(zsh.contains("'\(flag)[") || zsh.contains(",\(flag)}"), "zsh: \(command) \(flag)")
                #expect(fish.contains("__fish_seen_subcommand_from \(command)' -l \(flag.dropFirst(2)) "), "fish: \(command) \(flag)")
            }
        }
        #expect(!bash.contains("__venues)") && !help.contains("__venues"), "the helper stays hidden")
    }

    @Test func venueHelperPrintsSlugsAndNamesFromTheLocalCopy() throws {
        let run = try InstallTests.tool(Self.venuectl, ["__venues"], environment: environment)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(run.code == 0 && lines.count == 15)
        #expect(lines.first == "1920-commons\t1920 Commons" && lines.contains("joes-cafe\tJoe's Café"))
        mkdirs(home.cacheDirectory)
        try Data(Feeds.current()).write(to: URL(fileURLWithPath: home.cacheDirectory + "/venues.json"))
        #expect(try InstallTests.tool(Self.venuectl, ["__venues"], environment: environment).output == "test-commons\tTest Commons\n")
    }

    @Test func helpForEveryCommandMatchesItsFlagAndVersionIsOneLine() throws {
        for command in Self.commands {
            let flag = try InstallTests.tool(Self.venuectl, [command, "--help"], environment: environment)
            let help = try InstallTests.tool(Self.venuectl, ["help", command], environment: environment)
            #expect(flag.code == 0 && flag.output.hasPrefix("usage: venuectl \(command)") || command == "help", "\(command)")
            #expect(help.code == 0 && help.output == flag.output, "help \(command)")
        }
        let unknown = try InstallTests.tool(Self.venuectl, ["help", "dance"], environment: environment)
        #expect(unknown.code == 2 && unknown.output.contains("help takes one command: status, hours, next, search, is-open, open"))
        let version = try InstallTests.tool(Self.venuectl, ["--version"], environment: environment)
        #expect(version.code == 0 && version.output == "venuectl 0.1.0\n")
        let shells = try InstallTests.tool(Self.venuectl, ["completions", "tcsh"], environment: environment)
        #expect(shells.code == 2 && shells.output == "venuectl: completions takes one shell: bash, zsh or fish (see 'venuectl completions --help')\n")
    }
}
