enum FishCompletion {
    static func script(_ model: CompletionModel) -> String {
        var lines = [
            model.banner("fish"),
            "# Install: venuectl completions fish > ~/.config/fish/completions/venuectl.fish",
            "complete -c venuectl -f",
            "complete -c venuectl -n __fish_use_subcommand -l help -d 'show the help'",
            "complete -c venuectl -n __fish_use_subcommand -l version -d 'show the version'",
        ]
        lines += model.commands.map { "complete -c venuectl -n __fish_use_subcommand -a \($0.name) -d \(quote($0.summary))" }
        for command in model.commands {
            let when = "-n " + quote("__fish_seen_subcommand_from \(command.name)")
            for flag in command.flags {
                var line = "complete -c venuectl \(when) -l \(flag.name.dropFirst(2))"
                if let short = flag.short { line += " -s \(short.dropFirst())" }
                switch CompletionModel.value(of: flag) {
                case .none: break
                case .choices(let values): line += " -x -a " + quote(values.joined(separator: " "))
                case .files: line += " -r -F"
                case .text: line += " -x"
                }
                lines.append(line + " -d " + quote(flag.help))
            }
            if let operands = operands(command.operands, model) { lines.append("complete -c venuectl \(when) -a \(operands)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func operands(_ operands: Command.Operands, _ model: CompletionModel) -> String? {
        switch operands {
        case .venue, .venues: return quote("(\(CompletionModel.venueNames) 2>/dev/null)")
        case .choice(let values): return quote(values.joined(separator: " "))
        case .command: return quote(model.commands.map(\.name).joined(separator: " "))
        case .none, .text: return nil
        }
    }

    /// Single-quoted for fish: backslashes and quotes escaped.
    private static func quote(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
