import DiningHours
import Glibc

extension ZoneDatabase {
    /// Entries read for one suggestion, at most: well above the largest directory's 170, and bounded for clients.
    static let spellingEntryLimit = 4_000

    /// The database's name for `typed` when it differs only in case, `_` as spaces or a missing region; nil when none
    /// or `typed` is one.
    public func spelling(of typed: String) -> String? {
        let components = typed.replacing(" ", with: "_").split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...3).contains(components.count), components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && $0.utf8.count <= 64 }),
              Self.isPlausibleName(components.joined(separator: "/")) else { return nil }
        var budget = Self.spellingEntryLimit, found = resolve(components, under: "", budget: &budget)
        // A city without its region: look one level down, in each region directory.
        if found == nil && components.count == 1 {
            for region in entries(of: directory, budget: &budget) where region.first?.isUppercase == true && region != "Etc" {
                found = resolve(components, under: region, budget: &budget)
                if found != nil { break }
            }
        }
        guard let found, found != typed, (try? rules(found)) != nil else { return nil }
        return found
    }

    private func resolve(_ components: [String], under prefix: String, budget: inout Int) -> String? {
        var path = prefix
        for component in components {
            let wanted = component.lowercased()
            guard let match = entries(of: directory + (path.isEmpty ? "" : "/" + path), budget: &budget)
                .first(where: { $0.lowercased() == wanted }) else { return nil }
            path += (path.isEmpty ? "" : "/") + match
        }
        return path
    }

    /// Within what `budget` has left; none when it is not a directory.
    private func entries(of directory: String, budget: inout Int) -> [String] {
        guard budget > 0, let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while budget > 0, let entry = readdir(stream) {
            budget -= 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
