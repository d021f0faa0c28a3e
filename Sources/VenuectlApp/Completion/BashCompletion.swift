/// A venue slug is offered when it contains the word typed (`comm` finds `1920-commons`).
enum BashCompletion {
    static func script(_ model: CompletionModel) -> String {
        let names = model.commands.map(\.name) + CompletionModel.topLevelFlags
        var lines = [
            model.banner("bash"),
            "# Load it from ~/.bashrc: source <(venuectl completions bash)",
            "",
            "_venuectl_venues() {",
            "    local slug _",
            "    while IFS=$'\\t' read -r slug _; do",
            "        [[ $slug == *\"${1,,}\"* ]] && COMPREPLY+=(\"$slug\")",
            "    done < <(\(CompletionModel.venueNames) 2>/dev/null)",
            "}",
            "",
            "_venuectl() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    if (( COMP_CWORD == 1 )); then",
            "        COMPREPLY=($(compgen -W \(words(names)) -- \"$cur\"))",
            "        return 0",
            "    fi",
            "    case ${COMP_WORDS[1]} in",
        ]
        for command in model.commands { lines += branch(command, model) }
        lines += ["    esac", "    return 0", "}", "", "complete -F _venuectl venuectl"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func branch(_ command: Command, _ model: CompletionModel) -> [String] {
        var lines = ["    \(command.name))", "        case $prev in"]
        var free: [String] = []
        for flag in command.flags {
            switch CompletionModel.value(of: flag) {
            case .none: break
            case .choices(let values): lines.append("        \(flag.name)) COMPREPLY=($(compgen -W \(words(values)) -- \"$cur\")); return 0 ;;")
            case .files: lines.append("        \(flag.name)) COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;")
            case .text: free.append(flag.name)
            }
        }
        if !free.isEmpty { lines.append("        \(free.joined(separator: "|"))) return 0 ;;") }
        lines += [
            "        esac",
            "        if [[ $cur == -* ]]; then",
            "            COMPREPLY=($(compgen -W \(words(CompletionModel.spellings(command))) -- \"$cur\"))",
            "        else",
            "            \(operands(command.operands, model))",
            "        fi",
            "        ;;",
        ]
        return lines
    }

    private static func operands(_ operands: Command.Operands, _ model: CompletionModel) -> String {
        switch operands {
        case .venue, .venues: return "_venuectl_venues \"$cur\""
        case .choice(let values): return "COMPREPLY=($(compgen -W \(words(values)) -- \"$cur\"))"
        case .command: return "COMPREPLY=($(compgen -W \(words(model.commands.map(\.name))) -- \"$cur\"))"
        case .none, .text: return ":"
        }
    }

    /// A word list for `compgen -W`, single-quoted (our names have no quotes).
    private static func words(_ list: [String]) -> String { "'" + list.joined(separator: " ") + "'" }
}
