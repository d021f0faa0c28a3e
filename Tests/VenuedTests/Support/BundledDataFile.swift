import Foundation

extension DaemonProcess.Home {
    /// A daemon that can fetch nothing, so it serves the bundled 2023 week.
    func bundledDaemon() throws -> DaemonProcess {
        try DaemonProcess(home: self, arguments: ["--primary-url", "http://127.0.0.1:9/none", "--backup-url", "http://127.0.0.1:9/none", "--timeout", "1"])
    }
}
