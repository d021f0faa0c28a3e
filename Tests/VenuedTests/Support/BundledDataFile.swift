import Foundation

extension DaemonProcess.Home {
    /// The bundled 2023 week as a `--data` file in this home, for answers with `"source": "file"`.
    func bundledDataFile() throws -> String {
        let path = root + "/venues-2023.json"
        try Data(Feeds.backup2023).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A daemon that can fetch nothing, so it serves the bundled 2023 week.
    func bundledDaemon() throws -> DaemonProcess {
        try DaemonProcess(home: self, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"])
    }
}
