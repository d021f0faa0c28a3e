import DiningHours

/// `venuectl help [COMMAND]`: the text of `venuectl --help`, or of `venuectl COMMAND --help`.
enum HelpCommand {
    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        let names = Venuectl.visibleCommands.map(\.name)
        guard let name = arguments.first, !["help", "--help", "-h"].contains(name) else {
            try Venuectl.write(Venuectl.helpText + "\n")
            return 0
        }
        guard arguments.count == 1, let command = Venuectl.visibleCommands.first(where: { $0.name == name }) else {
            if arguments.count == 1, let near = Spelling.closest(to: name, among: names).first {
                throw .usage("no command '\(name)': did you mean 'venuectl help \(near)'?", help: "venuectl --help")
            }
            throw .usage("help takes one command: \(names.joined(separator: ", ")), not '\(arguments.joined(separator: " "))'")
        }
        return try command.run(["--help"], context)
    }
}
