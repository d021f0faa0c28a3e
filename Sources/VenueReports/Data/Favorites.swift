import DiningHours
import Glibc
import VenuedSystem

/// The favorites file, a venue id or `dish: NAME` a line, read by both programs through here. Ids, as names change and
/// a substring could later match a second venue; dishes by name, as menus have no lasting ids.
public struct Favorites: Hashable, Sendable {
    /// In the order they were added: `favorites list` and the file keep it.
    public private(set) var ids: [Int] = []
    public private(set) var dishes: [String] = []
    /// The most favorites a request may carry: more than twice the venues Penn has.
    public static let limit = 128
    public init(ids: [Int] = []) { self.ids = ids }
    public init(sentIn options: StatusOptions) { self.init(ids: options.favorites ? options.favoriteIDs ?? [] : []) }

    public static func path(environment: [String: String]) -> String? {
        VenuedPaths.configDirectory(environment: environment).map { $0 + "/favorites" }
    }

    public static func load(_ path: String) throws(AnswerError) -> Favorites {
        guard access(path, F_OK) == 0 else { return Favorites() }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.smallFileLimit) } catch { throw AnswerError(error) }
        return try parse(bytes, path: path)
    }

    public static func parse(_ bytes: [UInt8], path: String) throws(AnswerError) -> Favorites {
        let text = String(decoding: bytes, as: UTF8.self)
        var favorites = Favorites()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = (raw.firstIndex(of: "#").map { raw[..<$0] } ?? raw[...]).trimming([" ", "\t", "\r"])
            if content.isEmpty { continue }
            if content.lowercased().hasPrefix(Self.dishPrefix) {
                favorites.follow(String(content.dropFirst(Self.dishPrefix.count)))
                continue
            }
            // Never quoted: the file may be any a person or a request named (/proc/self/environ), and this line may
            // reach a log, a status bar or venued's socket. The line number is enough to find it.
            guard let id = Int(content) else {
                throw .usage("\(path):\(index + 1): not a venue id nor 'dish: NAME' (the file holds one id or dish a line, '#' starts a comment): "
                             + "fix that line, or remove the file and add the venues again with 'venuectl favorites add'",
                             help: "venuectl favorites --help")
            }
            favorites.add(id)
        }
        return favorites
    }

    /// None unless `--favorites` was given; then `options.favoritesFile`, else `fallbackPath` (the usual file).
    public static func load(for options: StatusOptions, fallbackPath: String? = nil) throws(AnswerError) -> Favorites {
        guard options.favorites, let path = options.favoritesFile ?? fallbackPath else { return Favorites() }
        return try load(path)
    }

    public static let lockWait = 2.0
    /// Beside the favorites, so it lives and goes with them.
    public static func lockPath(_ path: String) -> String { path + ".lock" }

    /// Under an exclusive lock: without it, two `favorites add` at once read the old set and the last rename wins.
    public static func update<Value>(_ path: String, names: [Int: String],
                                     _ change: (inout Favorites) throws(AnswerError) -> Value) throws(AnswerError) -> Value {
        do { try AtomicFile.makeDirectories(AtomicFile.directory(of: path)) } catch {
            throw .unwritable(path: path, reason: "cannot create \(error.path): \(error.reason)")
        }
        let lock: FileLock
        do { lock = try FileLock.acquire(lockPath(path), waitingUpTo: lockWait) } catch {
            switch error {
            case .busy(let lockFile, let seconds):
                throw .unwritable(path: path, reason: "another 'venuectl favorites' has held \(lockFile) for over \(Seconds.text(seconds)) s; try again")
            case .unusable(let lockFile, let reason):
                throw .unwritable(path: path, reason: "cannot lock \(lockFile): \(reason)")
            }
        }
        var favorites = try load(path)
        let value = try change(&favorites)
        try favorites.save(path, names: names)
        _ = consume lock
        return value
    }

    /// Owner-only (which venues a person eats at is theirs); call it through `update`, which holds the lock.
    private func save(_ path: String, names: [Int: String]) throws(AnswerError) {
        var text = "# venuectl favorites: one venue id a line (the name after '#' is for people).\n"
        for id in ids { text += "\(id)" + (names[id].map { "  # \($0)" } ?? "") + "\n" }
        for dish in dishes { text += Self.dishPrefix + " " + dish + "\n" }
        do { try AtomicFile.write(Array(text.utf8), to: path, mode: 0o600) } catch {
            throw .unwritable(path: error.path, reason: error.reason)
        }
    }

    public func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// False when it was a favorite already.
    @discardableResult
    public mutating func add(_ id: Int) -> Bool {
        guard !ids.contains(id) else { return false }
        ids.append(id)
        return true
    }

    /// False when it was not a favorite.
    @discardableResult
    public mutating func remove(_ id: Int) -> Bool {
        guard let index = ids.firstIndex(of: id) else { return false }
        ids.remove(at: index)
        return true
    }

    static let dishPrefix = "dish:"

    /// Kept as `FollowedDishes` reads it, no `#`; false when followed, empty, or `FollowedDishes.limit` are followed.
    @discardableResult
    public mutating func follow(_ dish: String) -> Bool {
        let plain = String(dish.map { $0 == "#" ? " " : $0 })
        guard dishes.count < FollowedDishes.limit, let name = FollowedDishes([plain]).names.first, !follows(name) else { return false }
        dishes.append(name)
        return true
    }

    public func follows(_ dish: String) -> Bool { FollowedDishes(dishes).follows(dish) }

    /// False when it was not followed (case and accents aside).
    @discardableResult
    public mutating func unfollow(_ dish: String) -> Bool {
        let before = dishes.count
        dishes.removeAll { FollowedDishes([$0]).follows(dish) }
        return dishes.count < before
    }
}
