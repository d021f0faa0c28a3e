import Glibc
import VenueReports
import VenuedSystem

/// Each key is applied through its flags, so its values and errors are theirs; a flag wins, yet every command that
/// reads the file reports a wrong line (`path:line:`), so a broken file shows up.
package struct VenuectlConfig {
    package enum Section: Sendable { case status, notify }

    package struct Key {
        package let name: String
        package var section = Section.status
        /// The flags that override this key; a VENUE argument overrides `filter` too.
        package let flags: Set<String>
        package let arguments: @Sendable (String) -> [String]
        package let help: String
    }

    package static let filterFlags: Set<String> = ["--all", "--open-now", "--favorites", "--halls", "--retail"]
    package static let formatFlags: Set<String> = ["--format", "--json", "--template"]

    package static let keys: [Key] = [
        Key(name: "filter", flags: filterFlags, arguments: { ["--\($0)"] },
            help: "all, open-now, favorites, halls or retail"),
        Key(name: "format", flags: formatFlags, arguments: { ["--format", $0] }, help: "a --format name"),
        Key(name: "template", flags: formatFlags, arguments: { ["--template", $0] }, help: "a --template text"),
        Key(name: "soon", flags: ["--soon"], arguments: { ["--soon", $0] }, help: "closing-soon minutes"),
        Key(name: "tz", flags: ["--tz"], arguments: { ["--tz", $0] }, help: "venue time zone"),
        Key(name: "near", flags: ["--near"], arguments: { ["--near", $0] }, help: "LAT,LON to sort by distance from"),
        Key(name: "hide_empty", flags: ["--hide-empty"], arguments: { $0 == "yes" ? ["--hide-empty"] : [] },
            help: "yes: bar formats print an empty text (the module hides) when nothing is chosen or open; no (the default)"),
        Key(name: "dishes", flags: ["--dishes"], arguments: { $0 == "yes" ? ["--dishes"] : [] },
            help: "yes: say when a meal with a dish you follow starts soon (--dishes); no (the default)"),
        Key(name: "dish_lead", flags: ["--dish-lead"], arguments: { ["--dish-lead", $0] },
            help: "minutes before such a meal (default 30)"),
        Key(name: "notify_venues", section: .notify, flags: ["--venues"], arguments: { ["--venues", $0] },
            help: "favorites, all, halls, retail, or venues separated by commas"),
        Key(name: "notify_events", section: .notify, flags: ["--events"], arguments: { ["--events", $0] },
            help: "any of opens,closes,hours,dish"),
        Key(name: "notify_before", section: .notify, flags: ["--before"], arguments: { ["--before", $0] },
            help: "minutes before a closing to remind, e.g. 15,5")]

    package static let displayPath = "$XDG_CONFIG_HOME/venued/venuectl.conf (~/.config/venued/venuectl.conf)"

    package static func helpLines(_ section: Section) -> String {
        let shown = keys.filter { $0.section == section }
        let width = shown.map(\.name.count).max() ?? 0
        return shown.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.help }.joined(separator: "\n")
    }

    private(set) var settings: [(key: Key, value: String, location: String)] = []

    package init(environment: [String: String]) throws(AnswerError) {
        guard let path = VenuedPaths.configDirectory(environment: environment).map({ $0 + "/venuectl.conf" }),
              access(path, F_OK) == 0 else { return }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.smallFileLimit) } catch { throw .config("\(error)") }
        let lines: [KeyValueLine]
        do { lines = try KeyValueLine.parse(String(decoding: bytes, as: UTF8.self), path: path).get() } catch {
            throw .config(error.message)
        }
        for line in lines {
            let location = "\(path):\(line.number)"
            guard let key = Self.keys.first(where: { $0.name == line.key }) else {
                throw .config("\(location): unknown key '\(line.key)' (the keys are \(Self.keys.map(\.name).joined(separator: ", ")))")
            }
            // Checked now, through the flags, whether or not a flag will override it.
            switch key.section {
            case .status:
                var scratch = StatusOptions()
                try Self.apply(key, line.value, to: &scratch, location: location)
            case .notify:
                var scratch = NotifyOptions()
                try Self.apply(key, line.value, table: NotifyOptions.table, to: &scratch, location: location)
            }
            settings.append((key, line.value, location))
        }
    }

    package func apply(to options: inout StatusOptions, except given: Set<String>) throws(AnswerError) -> [String: String] {
        var applied: [String: String] = [:]
        for setting in settings where setting.key.section == .status && given.isDisjoint(with: setting.key.flags) {
            if setting.key.name == "filter" && !options.venues.isEmpty { continue }
            try Self.apply(setting.key, setting.value, to: &options, location: setting.location)
            applied[setting.key.name] = setting.location
        }
        return applied
    }

    package func apply(to options: inout NotifyOptions, except given: Set<String>) throws(AnswerError) {
        for setting in settings where setting.key.section == .notify && given.isDisjoint(with: setting.key.flags) {
            try Self.apply(setting.key, setting.value, table: NotifyOptions.table, to: &options, location: setting.location)
        }
    }

    /// Zones are checked late (here it would cost every prompt a lookup): an unknown one then gets its `path:line`.
    package static func attributing(_ error: AnswerError, location: String?) -> AnswerError {
        guard case .unknownZone(let name, nil, let suggestion) = error, let location else { return error }
        return .unknownZone(name, location: location, suggestion: suggestion)
    }

    private static func apply(_ key: Key, _ value: String, to options: inout StatusOptions, location: String) throws(AnswerError) {
        if key.name == "filter" && !filterFlags.contains("--\(value)") {
            throw .config("\(location): filter must be \(key.help), not '\(value)'")
        }
        if key.name == "hide_empty" || key.name == "dishes", value != "yes" && value != "no" {
            throw .config("\(location): \(key.name) must be yes or no, not '\(value)'")
        }
        try apply(key, value, table: StatusOptions.table, to: &options, location: location)
    }

    private static func apply<Options>(_ key: Key, _ value: String, table: FlagTable<Options>, to options: inout Options,
                                       location: String) throws(AnswerError) {
        do { try table.parse(key.arguments(value), into: &options) { _, _ throws(AnswerError) in } } catch {
            let message = if case .usage(let text, _) = error { text } else { "\(error)" }
            throw .config("\(location): \(key.name) = \(value): \(message)")
        }
    }
}
