import Glibc
import VenuectlApp
import VenuedSystem

/// What `venued-notify` has sent: the last notification per venue and kind.
struct NotifiedState: Equatable, Sendable {
    struct Key: Hashable, Sendable { let venue: Int, kind: NotifyEvent.Kind }
    struct Entry: Equatable, Sendable { let target: Int, step: Int, id: UInt32 }
    private(set) var entries: [Key: Entry] = [:]

    func isNew(_ event: NotifyEvent) -> Bool {
        guard let entry = entries[Key(venue: event.venue, kind: event.kind)] else { return true }
        return (event.target, event.step) > (entry.target, entry.step)
    }

    /// The notification the same closing's earlier step showed, which this step replaces; 0 for a new one.
    func replacedID(for event: NotifyEvent) -> UInt32 {
        event.kind == .closes ? countdown(venue: event.venue, closing: event.target) ?? 0 : 0
    }

    func countdown(venue: Int, closing: Int) -> UInt32? {
        entries[Key(venue: venue, kind: .closes)].flatMap { $0.target == closing && $0.id != 0 ? $0.id : nil }
    }

    mutating func record(_ event: NotifyEvent, id: UInt32) {
        entries[Key(venue: event.venue, kind: event.kind)] = Entry(target: event.target, step: event.step, id: id)
    }

    var text: String {
        let lines = entries.sorted { ($0.key.venue, $0.key.kind) < ($1.key.venue, $1.key.kind) }.map { key, entry in
            "\(key.venue) \(key.kind.rawValue) \(entry.target) \(entry.step) \(entry.id)\n"
        }
        return "# venued-notify: the last notification sent per venue and kind (venue kind instant step id)\n" + lines.joined()
    }

    static func parse(_ text: String) -> (state: NotifiedState, badLines: Int) {
        var state = NotifiedState()
        var bad = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ")
            guard words.count == 5, let venue = Int(words[0]), let kind = NotifyEvent.Kind(rawValue: String(words[1])),
                  let target = Int(words[2]), let step = Int(words[3]), let id = UInt32(words[4]) else {
                bad += 1
                continue
            }
            state.entries[Key(venue: venue, kind: kind)] = Entry(target: target, step: step, id: id)
        }
        return (state, bad)
    }
}

/// `$XDG_STATE_HOME/venued/notified`, locked to one follower: two would each send what the other already had.
struct NotifiedFile: ~Copyable {
    let path: String
    private let lock: FileLock

    /// Does not wait for the lock: a second follower is a mistake to report, not to queue.
    static func claim(environment: [String: String]) throws(CLIError) -> NotifiedFile {
        guard let directory = VenuedPaths.stateDirectory(environment: environment) else {
            throw .unwritable(path: "$XDG_STATE_HOME/venued/notified", reason: "neither XDG_STATE_HOME nor HOME is set")
        }
        let path = directory + "/notified"
        do { try AtomicFile.makeDirectories(directory) } catch {
            throw .unwritable(path: path, reason: "cannot create \(error.path): \(error.reason)")
        }
        do {
            let file = NotifiedFile(path: path, lock: try FileLock.acquire(path + ".lock", waitingUpTo: 0))
            _ = AtomicFile.removeTemporaries(of: path)
            return file
        } catch {
            switch error {
            case .busy:
                throw .unwritable(path: path, reason: "another venued-notify ('venuectl notify') is running (it holds \(path).lock); one is enough")
            case .unusable(let lockFile, let reason):
                throw .unwritable(path: path, reason: "cannot lock \(lockFile): \(reason)")
            }
        }
    }

    func load() -> (NotifiedState, problem: String?) {
        guard access(path, F_OK) == 0 else { return (NotifiedState(), nil) }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(path, limit: BoundedFile.smallFileLimit) } catch {
            return (NotifiedState(), "cannot read \(path) (\(error.reason)): starting without it")
        }
        let (state, bad) = NotifiedState.parse(String(decoding: bytes, as: UTF8.self))
        return (state, bad == 0 ? nil : "\(path): \(bad) line(s) are not 'venue kind instant step id' and were skipped")
    }

    func save(_ state: NotifiedState) -> String? {
        do { try AtomicFile.write(Array(state.text.utf8), to: path, mode: 0o600) } catch {
            return "cannot write \(path) (\(error.reason)): a restart may repeat a notification"
        }
        return nil
    }
}
