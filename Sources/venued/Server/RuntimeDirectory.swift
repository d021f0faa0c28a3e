import Glibc

/// The socket's directory. venued's own is created 0700 and must be a real directory owned by us: in a shared /tmp,
/// someone else could have made it first.
enum RuntimeDirectory {
    static func prepare(socketPath: String, owned: Bool) throws(DaemonError) {
        guard let slash = socketPath.lastIndex(of: "/") else { throw .config("socket path '\(socketPath)' has no directory") }
        let directory = slash == socketPath.startIndex ? "/" : String(socketPath[..<slash])
        guard owned else {
            var info = stat()
            guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw .socket("the socket's directory \(directory) does not exist: create it or choose another --socket")
            }
            return
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .socket("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw .socket("cannot inspect \(directory): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .socket("\(directory) is not a directory (a symlink?): remove it and start venued again")
        }
        guard info.st_uid == getuid() else {
            throw .socket("\(directory) belongs to uid \(info.st_uid), not to us (\(getuid())): remove it or choose --socket")
        }
        if info.st_mode & 0o777 != 0o700 && chmod(directory, 0o700) != 0 {
            throw .socket("cannot make \(directory) private (0700): \(String(cString: strerror(errno)))")
        }
    }
}
