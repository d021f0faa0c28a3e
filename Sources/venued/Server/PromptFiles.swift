import Glibc
import VenuedSystem

/// The prompt files: `$XDG_RUNTIME_DIR/venued/prompt/NAME`, each holding the text of a `prompt.NAME` line for a
/// shell prompt to read with a builtin (docs/integrations.md). Each write replaces the file atomically; only the own
/// lane writes, so a stalled file system never holds up the loop. The files must not outlive venued, or a prompt
/// would show a past closing time as current: venued removes them at stop, the systemd unit's `RuntimeDirectory=`
/// on any stop, and `prepare` at the next start after a SIGKILL.
struct PromptFiles: Sendable {
    enum Change: Sendable, Equatable {
        case write(String)
        case remove
    }

    let directory: String
    /// Far more than the directory can hold.
    private static let entryLimit = 4096

    init(socketPath: String, socketDirectoryIsOwned: Bool) {
        directory = Self.directory(socketPath: socketPath, owned: socketDirectoryIsOwned)
    }

    /// `prompt` beside the socket when venued owns its directory; else `SOCKET.prompt`: in a directory the user chose,
    /// a `prompt` directory could be theirs, and `prepare` empties it.
    static func directory(socketPath: String, owned: Bool) -> String {
        owned ? AtomicFile.directory(of: socketPath) + "/prompt" : socketPath + ".prompt"
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// At start: removes whatever an earlier venued left; the count removed. The directory stays: under systemd it
    /// is the unit's, and venued could not make it again in a read-only /run.
    func prepare() -> Int { removeEntries() }

    /// Each file's failure, or nil.
    func apply(_ batch: [(name: String, change: Change)]) -> [(name: String, failure: String?)] {
        let ready = makeDirectory()
        return batch.map { name, change in
            switch (change, ready) {
            case (_, .failure(let problem)): return (name, problem.description)
            case (.write(let text), .success):
                // Not durable: the file must not outlive venued, let alone a crash of the machine.
                do throws(AtomicFile.Failure) {
                    try AtomicFile.write(Array(text.utf8), to: path(name), durable: false)
                    return (name, nil)
                } catch {
                    return (name, error.description)
                }
            case (.remove, .success):
                let removed = unlink(path(name)) == 0 || errno == ENOENT
                return (name, removed ? nil : "cannot remove \(path(name)): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// At stop, as the own lane's last job.
    func removeAll() {
        _ = removeEntries()
        rmdir(directory)
    }

    /// Checked to be ours and writable by no one else: in a directory others can write, a file could become a link.
    private func makeDirectory() -> Result<Void, AtomicFile.Failure> {
        Result { () throws(AtomicFile.Failure) in
            try AtomicFile.makeDirectories(directory)
            try AtomicFile.checkOwnDirectory(directory)
        }
    }

    /// Every entry but subdirectories; the count removed. A missing or foreign directory is left alone.
    private func removeEntries() -> Int {
        do throws(AtomicFile.Failure) { try AtomicFile.checkOwnDirectory(directory) } catch { return 0 }
        guard let handle = opendir(directory) else { return 0 }
        defer { closedir(handle) }
        var names: [String] = []
        for _ in 0..<Self.entryLimit {
            guard let entry = readdir(handle) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        // unlinkat without AT_REMOVEDIR removes a link itself and refuses a directory.
        return names.filter { unlinkat(dirfd(handle), $0, 0) == 0 }.count
    }
}
