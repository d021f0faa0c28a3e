/// How `venuectl status` prints its answer; the names travel in venued's `"render"`, so it renders what venuectl would.
public enum StatusFormat: Hashable, Sendable {
    case plain, json, waybar, i3blocks, i3bar, i3statusRS, polybar, tmux, prompt
    case template(StatusTemplate)

    /// The names `--format` takes, in the order `--help` lists them.
    public static let named: [(name: String, format: StatusFormat)] = [
        ("plain", .plain), ("json", .json), ("waybar", .waybar), ("i3blocks", .i3blocks), ("i3bar", .i3bar),
        ("i3status-rs", .i3statusRS), ("polybar", .polybar), ("tmux", .tmux), ("prompt", .prompt),
    ]

    public init(name: String) throws(AnswerError) {
        guard let found = Self.named.first(where: { $0.name == name }) else {
            let hint = name == "template" ? "give the template with --template TEXT" : "use " + Self.named.map(\.name).joined(separator: ", ")
            throw .usage("unknown format '\(name)': \(hint)")
        }
        self = found.format
    }

    public var name: String {
        if case .template = self { return "template" }
        return Self.named.first { $0.format == self }?.name ?? "plain"
    }
}
