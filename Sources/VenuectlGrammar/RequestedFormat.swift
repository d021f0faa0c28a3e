import Glibc
import VenueReports
import VenuedSystem

extension StatusOptions {
    /// The format a `status` command line asks for even when it cannot be parsed, so that its error is said in the
    /// bar's or prompt's format. venuectl.conf is read leniently: a wrong line in it may be what is reported.
    package static func requestedFormat(_ arguments: [String], environment: [String: String]) -> StatusFormat? {
        var found: StatusFormat?
        var words = arguments.makeIterator()
        while let argument = words.next(), argument != "--" {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts[0] == "--json" { found = .json }
            guard parts[0] == "--format" || parts[0] == "--template",
                  let value = parts.count == 2 ? parts[1] : words.next() else { continue }
            found = parts[0] == "--format" ? try? StatusFormat(name: value) : (try? StatusTemplate(value)).map(StatusFormat.template)
        }
        return found ?? configuredFormat(environment: environment)
    }

    private static func configuredFormat(environment: [String: String]) -> StatusFormat? {
        guard let path = VenuedPaths.configDirectory(environment: environment).map({ $0 + "/venuectl.conf" }),
              access(path, F_OK) == 0, let bytes = try? BoundedFile.read(path, limit: BoundedFile.smallFileLimit) else { return nil }
        let settings = KeyValueLine.lenient(String(decoding: bytes, as: UTF8.self))
        if let name = settings["format"], let format = try? StatusFormat(name: name) { return format }
        if let text = settings["template"], let template = try? StatusTemplate(text) { return .template(template) }
        return nil
    }
}
