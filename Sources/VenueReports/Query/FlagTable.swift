import DiningHours

/// A command's flags as one table that drives both parsing and `--help`, so the two
/// cannot disagree (the shape of swift-argument-parser, written by hand).
package struct FlagTable<Options>: Sendable {
    package struct Flag: Sendable {
        package let name: String
        /// The value's placeholder (`TIME`); nil for a switch.
        package let value: String?
        package let help: String
        /// A one-letter spelling (`-q`), for flags that scripts type often.
        package let short: String?
        /// The values it accepts, when they are a fixed list: shell completion offers them.
        package let choices: [String]
        package let apply: @Sendable (inout Options, String) throws(AnswerError) -> Void

        package init(name: String, value: String?, help: String, short: String? = nil, choices: [String] = [],
             apply: @escaping @Sendable (inout Options, String) throws(AnswerError) -> Void) {
            self.name = name
            self.value = value
            self.help = help
            self.short = short
            self.choices = choices
            self.apply = apply
        }

        package var spec: FlagSpec { FlagSpec(name: name, short: short, value: value, choices: choices, help: help) }
    }

    /// The command whose `--help` a usage error points to, e.g. `venuectl status --help`.
    package let helpCommand: String
    package let flags: [Flag]

    package init(helpCommand: String, flags: [Flag]) {
        self.helpCommand = helpCommand
        self.flags = flags
    }

    /// Applies `arguments` to `options`: flags (`--at TIME` or `--at=TIME`) through the
    /// table, `-h` as `--help`, everything else (and all after `--`) through `operand`.
    /// Returns the names of the flags given, so that defaults can yield to them.
    @discardableResult
    package func parse(_ arguments: [String], into options: inout Options,
               operand: (inout Options, String) throws(AnswerError) -> Void) throws(AnswerError) -> Set<String> {
        var given: Set<String> = []
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                try operand(&options, argument)
                continue
            }
            if argument == "--" { onlyOperands = true; continue }
            let parts = (argument == "-h" ? "--help" : argument).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let flag = flags.first(where: { $0.name == parts[0] || $0.short == parts[0] }) else {
                throw .usage("unknown option '\(parts[0])'" + suggestion(for: parts[0]), help: helpCommand)
            }
            var value = ""
            if let valueName = flag.value {
                if parts.count == 2 {
                    value = parts[1]
                } else {
                    guard index < arguments.count else { throw .usage("\(flag.name) needs a value (\(valueName))", help: helpCommand) }
                    value = arguments[index]
                    index += 1
                }
            } else if parts.count == 2 {
                throw .usage("\(flag.name) takes no value", help: helpCommand)
            }
            try flag.apply(&options, value)
            given.insert(flag.name)
        }
        return given
    }

    /// ": did you mean '--favorites'?" for a flag a typo away from one of the table's
    /// (`--favourites`); compared without the dashes, which every flag shares.
    private func suggestion(for typed: String) -> String {
        let bare = { (name: String) in String(name.drop { $0 == "-" }) }
        let near = Spelling.closest(to: bare(typed), among: flags.map { bare($0.name) })
        return near.isEmpty ? "" : ": did you mean " + near.map { "'--\($0)'" }.joined(separator: " or ") + "?"
    }

    /// One aligned line per flag, for `--help`.
    package var helpLines: String {
        let heads = flags.map { ($0.short.map { "\($0), " } ?? "") + $0.name + ($0.value.map { " \($0)" } ?? "") }
        let width = heads.map(\.count).max() ?? 0
        return zip(heads, flags).map { head, flag in
            "  " + head + String(repeating: " ", count: width - head.count + 2) + flag.help
        }.joined(separator: "\n")
    }

    /// What shell completion needs to know of each flag.
    package var specs: [FlagSpec] { flags.map(\.spec) }
}

/// A flag as shell completion sees it: its spellings, and what its value is.
package struct FlagSpec: Sendable {
    package let name: String
    package let short: String?
    /// The placeholder (`FILE`, `ZONE`); nil for a switch.
    package let value: String?
    package let choices: [String]
    package let help: String

    package init(name: String, short: String?, value: String?, choices: [String], help: String) {
        self.name = name
        self.short = short
        self.value = value
        self.choices = choices
        self.help = help
    }
}
