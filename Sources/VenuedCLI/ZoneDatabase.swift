import DiningHours
import Glibc

/// The system's tz database (Debian's tzdata, /usr/share/zoneinfo): where zone rules
/// come from, and which zone the user is in. It lives here, in the shell, because the
/// engine does no I/O; reading it instead of asking Foundation keeps venuectl free of
/// Foundation (a Glibc-only static binary starts in about a millisecond).
public enum ZoneDatabase {
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// `$TZDIR` when set (glibc honours it too), else the usual directory.
    public static func directory(environment: [String: String]) -> String {
        directory(tzdir: environment["TZDIR"])
    }

    static func directory(tzdir: String?) -> String {
        tzdir.flatMap { $0.isEmpty ? nil : $0 } ?? defaultDirectory
    }

    /// The rules of zone `identifier`, read from its file under `directory`.
    public static func rules(_ identifier: String, directory: String) throws(ZoneError) -> ZoneRules {
        guard isPlausibleName(identifier) else { throw .unknownZone(identifier) }
        let path = directory + "/" + identifier
        let bytes: [UInt8]
        do { bytes = try FeedFile.read(path, limit: 1 << 20) } catch {
            var status = stat()
            guard stat(directory, &status) == 0 else { throw .noTimeZoneData(directory: directory) }
            throw .unknownZone(identifier)
        }
        // zone.tab, tzdata.zi and friends sit beside the zones: a name, but not a zone.
        guard bytes.starts(with: "TZif".utf8) else { throw .unknownZone(identifier) }
        return try ZoneRules(identifier: identifier, tzif: bytes)
    }

    /// Names as the database spells them ("America/New_York", "Etc/GMT+5", "UTC");
    /// anything that could climb out of the directory is not one.
    static func isPlausibleName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
        }
    }

    /// The user's zone name, as glibc would pick it: `$TZ` (`:Name`, `Name` or a path
    /// into the database), else the link /etc/localtime, else /etc/timezone, else UTC.
    /// Only the name is needed (to say when venue times are in another zone), so the
    /// zone file itself is not read.
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
        if let bytes = try? FeedFile.read("/etc/timezone", limit: FeedFile.smallFileLimit),
           let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first, isPlausibleName(String(line)) {
            return String(line)
        }
        return "UTC"
    }

    /// "/usr/share/zoneinfo/Europe/Paris" -> "Europe/Paris"; nil for a path elsewhere.
    private static func nameInDatabase(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        guard let range = path.firstRange(of: "/zoneinfo/") else { return nil }
        return String(path[range.upperBound...])
    }
}

extension ZoneRules {
    /// The rules of `identifier` from the system's tz database (`$TZDIR` honoured), the
    /// way `TimeZone(identifier:)` would find them.
    public init(identifier: String) throws(ZoneError) {
        self = try ZoneDatabase.rules(identifier, directory: ZoneDatabase.directory(tzdir: getenv("TZDIR").map { String(cString: $0) }))
    }
}
