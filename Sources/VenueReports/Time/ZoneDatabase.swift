import DiningHours
import Glibc
import Synchronization
import VenuedSystem

/// Each zone read once: TZif, not Foundation, keeps venuectl Glibc-only; bounded, as `TZDIR` and names are the user's.
public final class ZoneDatabase: Sendable {
    public static let defaultDirectory = "/usr/share/zoneinfo"
    /// `$TZDIR` (glibc honours it too) is read once, when this is first used.
    public static let system = ZoneDatabase(directory: directory(environment: ["TZDIR": ProcessEnvironment.value("TZDIR") ?? ""]))
    public let directory: String
    private let cache = Mutex<[String: ZoneRules]>([:])
    /// More than the database has names: names come from clients, and the cache must not grow with them.
    static let cacheLimit = 2_048
    public init(directory: String) { self.directory = directory }

    public static func directory(environment: [String: String]) -> String {
        environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultDirectory
    }

    public func rules(_ identifier: String) throws(ZoneError) -> ZoneRules {
        if let known = cache.withLock({ $0[identifier] }) { return known }
        guard Self.isPlausibleName(identifier) else { throw .unknownZone(identifier) }
        guard let bytes = try? BoundedFile.read(directory + "/" + identifier, limit: 1 << 20) else {
            var status = stat()
            guard stat(directory, &status) == 0 else { throw .noTimeZoneData(directory: directory) }
            throw .unknownZone(identifier)
        }
        // zone.tab, tzdata.zi and friends sit beside the zones: a name, but not a zone.
        guard bytes.starts(with: "TZif".utf8) else { throw .unknownZone(identifier) }
        let rules = try ZoneRules(identifier: identifier, tzif: bytes)
        cache.withLock { if $0.count < Self.cacheLimit { $0[identifier] = rules } }
        return rules
    }

    /// True when asking for `identifier`'s rules reads no file.
    public func hasRead(_ identifier: String) -> Bool { cache.withLock { $0[identifier] != nil } }

    /// Anything that could climb out of the directory is not a name.
    package static func isPlausibleName(_ name: String) -> Bool {
        // One spelling per zone: "America/./New_York" would fill the cache with copies of one file.
        guard !name.isEmpty, !name.hasPrefix("/"),
              name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+.".contains($0)) }
    }

    /// The user's zone name as glibc picks it (`$TZ`, /etc/localtime, /etc/timezone, UTC); the file itself is not read.
    public static func userZoneName(environment: [String: String]) -> String {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            return nameInDatabase(tz) ?? tz
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if count > 0, let name = nameInDatabase(String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)) {
            return name
        }
        if let bytes = try? BoundedFile.read("/etc/timezone", limit: 4096),
           let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first, isPlausibleName(String(line)) {
            return String(line)
        }
        return "UTC"
    }

    /// "/usr/share/zoneinfo/Europe/Paris" -> "Europe/Paris"; nil for a path elsewhere.
    private static func nameInDatabase(_ path: String) -> String? {
        guard path.hasPrefix("/"), let range = path.firstRange(of: "/zoneinfo/") else { return nil }
        return String(path[range.upperBound...])
    }
}

extension ZoneDatabase {
    /// Entries read for one suggestion, at most: well above the largest directory's 170, and bounded for clients.
    static let spellingEntryLimit = 4_000

    /// The name `typed` means, told apart by case, `_` as spaces or a missing region; nil when none or `typed` is one.
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

/// Where code that decides when something happens takes "now": the wall clock, or the simulation's virtual clock.
public protocol InstantSource: Sendable { func now() -> Instant }

extension WallClock: InstantSource {
    public func now() -> Instant { Instant(secondsSinceEpoch: seconds()) }
}
