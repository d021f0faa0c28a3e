import VenueReports
import VenuectlGrammar

/// `venuectl completions bash|zsh|fish`: prints the shell's completion script, generated
/// from the command table at that moment (`CompletionModel`).
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    struct Options: HasCommonOptions {
        var common = CommonOptions()
        var shells: [String] = []
    }

    static let table = FlagTable<Options>(helpCommand: "venuectl completions --help", flags: [.help])

    static let helpText = """
        usage: venuectl completions bash|zsh|fish

        Prints a completion script for the shell: commands, their flags, the values of
        flags that take a fixed list, files for FILE and PATH, and venue names for VENUE.

            bash: source <(venuectl completions bash)               (in ~/.bashrc)
            zsh:  venuectl completions zsh > ~/.zfunc/_venuectl      (fpath+=(~/.zfunc) before compinit)
            fish: venuectl completions fish > ~/.config/fish/completions/venuectl.fish

        options:
        \(table.helpLines)

        exit codes: 0 printed, 2 usage, 74 the script could not be written
        """

    static func run(_ arguments: [String], _ context: Context) throws(CLIError) -> Int32 {
        guard let options = try table.options(arguments, help: helpText, operand: { o, word in o.shells.append(word) }) else { return 0 }
        guard options.shells.count == 1, let shell = options.shells.first, shells.contains(shell) else {
            throw .usage("completions takes one shell: bash, zsh or fish")
        }
        let model = CompletionModel.venuectl
        switch shell {
        case "bash": try Venuectl.write(BashCompletion.script(model))
        case "zsh": try Venuectl.write(ZshCompletion.script(model))
        default: try Venuectl.write(FishCompletion.script(model))
        }
        return 0
    }
}
