import Glibc
import Synchronization
import VenuedSystem

/// The prompt files: `$XDG_RUNTIME_DIR/venued/prompt/NAME` (`directory(socketPath:owned:)`),
/// each holding the text of a `prompt.NAME` line (`PromptSetting`), so that a shell
/// prompt reads it with a builtin and starts no process (docs/integrations.md).
///
/// Each write replaces the file atomically (`AtomicFile`, without fsync: the file must not
/// outlive venued, let alone a reboot): a prompt drawn at that moment reads the old text
/// or the new, never half of either. Only the files lane writes, one batch at a time:
/// the loop queues the next batch once the last is done, so the writes of a file land in
/// the order their texts were made, and a file system that stalls holds up this lane's
/// thread, never the loop.
///
/// The files must not outlive venued, or a prompt would show a closing time long past as
/// current. venued removes them when it stops (SIGTERM, SIGINT), and the systemd unit's
/// `RuntimeDirectory=venued/prompt` has the manager remove the directory whenever the
/// service stops, a crash or SIGKILL included. A venued started by hand and killed with
/// SIGKILL leaves its files until it starts again, when `prepare` removes them first.
final class PromptFiles: Sendable {
    /// What to do with one file.
    enum Change: Sendable, Equatable {
        case write(String)
        case remove
    }

    let directory: String
    private let log: Log
    /// Entries `prepare` and `removeAll` look at: far more than the 16 files and their
    /// temporaries the directory can hold.
    private static let entryLimit = 4096

    private struct State {
        /// Set at stop: nothing is written after the files are removed.
        var stopped = false
        /// Files whose last write failed: a failure is logged when it starts, not at every write.
        var failing: Set<String> = []
    }

    /// Held while a file is written or removed, so that `removeAll` never races a write.
    private let state = Mutex(State())

    init(socketPath: String, socketDirectoryIsOwned: Bool, log: Log) {
        directory = Self.directory(socketPath: socketPath, owned: socketDirectoryIsOwned)
        self.log = log
    }

    /// `prompt` beside the socket when venued owns the socket's directory (the default,
    /// in the user's runtime directory, which the session ends); else `SOCKET.prompt`.
    /// A socket path the user chose may be in a directory of anything (`~/venued.sock`),
    /// where a `prompt` directory could be theirs, and `prepare` empties the directory:
    /// a name made from the socket's, which one venued holds at a time, is venued's alone.
    static func directory(socketPath: String, owned: Bool) -> String {
        owned ? AtomicFile.directory(of: socketPath) + "/prompt" : socketPath + ".prompt"
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// At start, once venued owns its socket (so no other venued writes here): removes what
    /// an earlier venued left (a killed one's files and temporary files), configured or
    /// not, since none of it was made from this venued's data. The directory stays: under
    /// systemd it is the unit's, and venued could not make it again in a read-only /run.
    func prepare() {
        let removed = removeEntries()
        if removed > 0 { log.info("removed \(removed) prompt files left in \(directory) by an earlier venued") }
    }

    /// One batch, on the files lane, under the lock: after `removeAll` it writes nothing,
    /// not even the directory. At most 16 small files on a tmpfs, so `removeAll` waits
    /// for little, and a stalled file system stalls the stop as it would any writer.
    func apply(_ batch: [(name: String, change: Change)]) {
        let failures: [(name: String, failure: String)] = state.withLock { state in
            guard !state.stopped else { return [] }
            let ready = makeDirectory()
            var started: [(name: String, failure: String)] = []
            for (name, change) in batch {
                let failure: String?
                switch (change, ready) {
                case (_, .failure(let problem)):
                    failure = problem.description
                case (.write(let text), .success):
                    // Not durable: the file must not outlive venued, let alone a crash of the machine.
                    do throws(AtomicFile.Failure) {
                        try AtomicFile.write(Array(text.utf8), to: path(name), durable: false)
                        failure = nil
                    } catch {
                        failure = error.description
                    }
                case (.remove, .success):
                    failure = unlink(path(name)) == 0 || errno == ENOENT ? nil : "cannot remove \(path(name)): \(String(cString: strerror(errno)))"
                }
                if let failure, !state.failing.contains(name) { started.append((name, failure)) }
                if failure != nil { state.failing.insert(name) } else { state.failing.remove(name) }
            }
            return started
        }
        for (name, failure) in failures { log.warning("prompt file \(name): \(failure)") }
    }

    /// At stop, on the main thread: removes every file and the directory; later batches
    /// write nothing.
    func removeAll() {
        state.withLock { $0.stopped = true }
        _ = removeEntries()
        rmdir(directory)
    }

    /// The directory, created private if missing, and checked to be ours and writable by
    /// no one else: in a directory others can write, a file could be swapped for a link.
    private func makeDirectory() -> Result<Void, AtomicFile.Failure> {
        do throws(AtomicFile.Failure) {
            try AtomicFile.makeDirectories(directory)
            try AtomicFile.checkOwnDirectory(directory)
        } catch {
            return .failure(error)
        }
        return .success(())
    }

    /// Unlinks every entry of the directory but subdirectories (a name is never one),
    /// under the lock; the count removed. A missing or foreign directory is left alone.
    private func removeEntries() -> Int {
        state.withLock { _ in
            do throws(AtomicFile.Failure) { try AtomicFile.checkOwnDirectory(directory) } catch { return 0 }
            guard let handle = opendir(directory) else { return 0 }
            defer { closedir(handle) }
            var names: [String] = []
            // A private directory of ours holds a few files; the bound is for a loop, not a need.
            for _ in 0..<Self.entryLimit {
                guard let entry = readdir(handle) else { break }
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(name) }
            }
            // unlinkat without AT_REMOVEDIR removes a link itself and refuses a directory.
            return names.filter { unlinkat(dirfd(handle), $0, 0) == 0 }.count
        }
    }
}
