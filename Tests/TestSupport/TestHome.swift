import BundledFeed
import Foundation
import Glibc

/// A fresh set of XDG directories in a temp dir, removed with the value: where a test's
/// venued and venuectl keep their socket, cache and config. Reuse one to restart a
/// daemon on the same disk state.
public final class TestHome: Sendable {
    public let root: String

    public init() {
        var template = Array("/tmp/venued-test-XXXXXX".utf8CString)
        root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        for directory in ["run", "cache", "config/venued"] { mkdirs(root + "/" + directory) }
        chmod(root + "/run", 0o700)
    }

    public var socketPath: String { root + "/run/venued/venued.sock" }
    public var cacheDirectory: String { root + "/cache/venued" }
    public var configFile: String { root + "/config/venued/config" }
    public var environment: [String: String] {
        ["XDG_RUNTIME_DIR": root + "/run", "XDG_CACHE_HOME": root + "/cache", "XDG_CONFIG_HOME": root + "/config",
         "HOME": root, "PATH": "/usr/bin:/bin"]
    }

    public func writeConfig(_ text: String) throws { try text.write(toFile: configFile, atomically: true, encoding: .utf8) }

    /// The bundled 2023 week as a `--data` file in this home, for answers with `"source": "file"`.
    public func bundledDataFile() throws -> String {
        let path = root + "/venues-2023.json"
        try Data(BundledFeed.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

public func mkdirs(_ path: String) {
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
}
