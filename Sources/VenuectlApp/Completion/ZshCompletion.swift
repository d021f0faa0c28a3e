import VenueReports

enum ZshCompletion {
    static func script(_ model: CompletionModel) -> String {
        var lines = [
            "#compdef venuectl",
            model.banner("zsh"),
            "# Install: venuectl completions zsh > ~/.zfunc/_venuectl, with fpath+=(~/.zfunc) before compinit.",
            "",
            "_venuectl_venues() {",
            "  local -a venues",
            "  venues=(${(f)\"$(\(CompletionModel.venueNames) 2>/dev/null)\"})",
            "  venues=(${venues//$'\\t'/:})",
            // As in bash and fish: anywhere in the slug, and capitals as small letters (slugs have none).
            "  _describe -t venues venue venues -M \(quote("m:{A-Z}={a-z} l:|=* r:|=*"))",
            "}",
            "",
            "_venuectl() {",
            "  local -a commands",
            "  commands=(",
        ]
        lines += model.commands.map { "    " + quote("\($0.name):\($0.summary)") }
        lines += [
            "  )",
            "  if (( CURRENT == 2 )); then",
            "    _describe -t commands command commands",
            "    _arguments '--help[show the help]' '--version[show the version]'",
            "    return",
            "  fi",
            "  local command=$words[2]",
            "  shift words",
            "  (( CURRENT-- ))",
            "  case $command in",
        ]
        for command in model.commands {
            let specs = command.flags.map(spec) + operands(command.operands, model)
            lines += ["    \(command.name))", "      _arguments -s " + specs.joined(separator: " \\\n        "),
                      "      ;;"]
        }
        lines += ["  esac", "}", "", "_venuectl \"$@\""]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func spec(_ flag: FlagSpec) -> String {
        let help = "[" + describe(flag.help) + "]"
        let value: String
        switch CompletionModel.value(of: flag) {
        case .none: value = ""
        case .choices(let values): value = ":\(flag.value ?? ""):(\(values.joined(separator: " ")))"
        case .files: value = ":\(flag.value ?? ""):_files"
        case .text: value = ":\(flag.value ?? ""): "
        }
        guard let short = flag.short else { return quote(flag.name + help + value) }
        return quote("(\(short) \(flag.name))") + "{\(short),\(flag.name)}" + quote(help + value)
    }

    private static func operands(_ operands: Command.Operands, _ model: CompletionModel) -> [String] {
        switch operands {
        case .venue: return [quote(":venue:_venuectl_venues")]
        case .venues: return [quote("*:venue:_venuectl_venues")]
        case .choice(let values): return [quote(":choice:(\(values.joined(separator: " ")))")]
        case .command: return [quote(":command:(\(model.commands.map(\.name).joined(separator: " ")))")]
        case .text: return [quote("*:query: ")]
        case .none: return []
        }
    }

    /// A bracket would end the description early (`HH:MM[:SS]`): parentheses read as well.
    private static func describe(_ text: String) -> String {
        String(text.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 })
    }

    /// Single-quoted for zsh: a quote inside becomes '\''.
    private static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
