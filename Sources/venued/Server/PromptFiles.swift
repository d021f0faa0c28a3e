import Glibc
import VenuedSystem

/// The prompt files (docs/integrations.md); removed at stop, and by `prepare` at the next start after a SIGKILL.
struct PromptFiles: Sendable {
    enum Change: Sendable, Equatable { case write(String), remove }

    let directory: String
    private static let entryLimit = 4096

    init(socketPath: String, socketDirectoryIsOwned: Bool) {
        directory = Self.directory(socketPath: socketPath, owned: socketDirectoryIsOwned)
    }

    /// `SOCKET.prompt` in a directory the user chose, where a `prompt` directory could be theirs.
    static func directory(socketPath: String, owned: Bool) -> String {
        owned ? AtomicFile.directory(of: socketPath) + "/prompt" : socketPath + ".prompt"
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Unlinks every entry but subdirectories; the count removed. A missing or foreign directory is left alone. The
    /// directory stays: under systemd it is the unit's, and /run may be read-only.
    func prepare() -> Int {
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

    func apply(_ batch: [(name: String, change: Change)]) -> [(name: String, failure: String?)] {
        // Checked to be ours and writable by no one else: in a directory others can write, a file could become a link.
        let ready = Result { () throws(AtomicFile.Failure) in
            try AtomicFile.makeDirectories(directory)
            try AtomicFile.checkOwnDirectory(directory)
        }
        return batch.map { name, change in
            switch (change, ready) {
            case (_, .failure(let problem)): return (name, problem.description)
            case (.write(let text), .success):
                // Not durable: the file must not outlive venued, let alone a crash of the machine.
                do throws(AtomicFile.Failure) {
                    try AtomicFile.write(Array(text.utf8), to: path(name), durable: false)
                    return (name, nil)
                } catch { return (name, error.description) }
            case (.remove, .success):
                let removed = unlink(path(name)) == 0 || errno == ENOENT
                return (name, removed ? nil : "cannot remove \(path(name)): \(String(cString: strerror(errno)))")
            }
        }
    }

    func removeAll() {
        _ = prepare()
        rmdir(directory)
    }
}
