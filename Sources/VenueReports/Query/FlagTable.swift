import DiningHours

/// A command's flags as one table that drives both parsing and `--help`, so the two cannot disagree.
package struct FlagTable<Options>: Sendable {
    package struct Flag: Sendable {
        package let name: String
        /// `value` is the value's placeholder (`TIME`); nil for a switch.
        package let value: String?, help: String
        package let short: String?
        package let choices: [String]
        package let apply: @Sendable (inout Options, String) throws(AnswerError) -> Void

        package init(name: String, value: String?, help: String, short: String? = nil, choices: [String] = [],
             apply: @escaping @Sendable (inout Options, String) throws(AnswerError) -> Void) {
            (self.name, self.value, self.help, self.short, self.choices) = (name, value, help, short, choices)
            self.apply = apply
        }

        package var spec: FlagSpec { FlagSpec(name: name, short: short, value: value, choices: choices, help: help) }
    }

    package let helpCommand: String, flags: [Flag]
    package init(helpCommand: String, flags: [Flag]) { (self.helpCommand, self.flags) = (helpCommand, flags) }

    /// Everything but flags (and all after `--`) goes to `operand`; returns the flags given, so defaults can yield.
    @discardableResult
    package func parse(_ arguments: [String], into options: inout Options,
               operand: (inout Options, String) throws(AnswerError) -> Void) throws(AnswerError) -> Set<String> {
        var given: Set<String> = [], rest = arguments[...], onlyOperands = false
        while let argument = rest.popFirst() {
            if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
                try operand(&options, argument)
                continue
            }
            if argument == "--" { onlyOperands = true; continue }
            let parts = (argument == "-h" ? "--help" : argument).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let flag = flags.first(where: { $0.name == parts[0] || $0.short == parts[0] }) else {
                throw .usage("unknown option '\(parts[0])'" + suggestion(for: parts[0]), help: helpCommand)
            }
            var value = parts.count == 2 ? parts[1] : ""
            if let valueName = flag.value, parts.count == 1 {
                guard let next = rest.popFirst() else {
                    throw .usage("\(flag.name) needs a value (\(valueName))", help: helpCommand)
                }
                value = next
            } else if flag.value == nil, parts.count == 2 {
                throw .usage("\(flag.name) takes no value", help: helpCommand)
            }
            try flag.apply(&options, value)
            given.insert(flag.name)
        }
        return given
    }

    /// Flags are compared without the dashes, which every flag shares.
    private func suggestion(for typed: String) -> String {
        let bare = { (name: String) in String(name.drop { $0 == "-" }) }
        let near = Spelling.closest(to: bare(typed), among: flags.map { bare($0.name) })
        return near.isEmpty ? "" : ": did you mean " + near.map { "'--\($0)'" }.joined(separator: " or ") + "?"
    }

    package var helpLines: String {
        let heads = flags.map { ($0.short.map { "\($0), " } ?? "") + $0.name + ($0.value.map { " \($0)" } ?? "") }
        let width = heads.map(\.count).max() ?? 0
        return zip(heads, flags).map { head, flag in
            "  " + head + String(repeating: " ", count: width - head.count + 2) + flag.help
        }.joined(separator: "\n")
    }

    package var specs: [FlagSpec] { flags.map(\.spec) }
}

package struct FlagSpec: Sendable {
    package let name: String, short: String?, value: String?, choices: [String], help: String
}
