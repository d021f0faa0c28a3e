import Foundation
import Glibc
import Testing

/// `venuectl notify` is venued-notify, run by exec from venuectl's own directory: its
/// help, its errors and its exit codes; one line and exit 127 when it is not there.
@Suite struct NotifyCommandTests {
    @Test func theHelpAndTheErrorsAreVenuedNotifys() throws {
        let help = try VenuectlProcess.run(["notify", "--help"])
        #expect(help.code == 0 && help.stdout.hasPrefix("usage: venuectl notify [options]\n       venued-notify [options]\n"), "\(help.stdout)")
        let bad = try VenuectlProcess.run(["notify", "--count", "none"])
        #expect(bad.code == 2 && bad.stderr.hasPrefix("venued-notify: ") && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
    }

    /// A venuectl copied alone (an install that lost venued-notify): the line says what is
    /// missing and what to do, and the code is the shell's for a command not found.
    @Test func withoutVenuedNotifyBesideItOneLineAnd127() throws {
        let directory = NSTemporaryDirectory() + "venuectl-alone-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: VenuectlProcess.binary.path, toPath: directory + "/venuectl")
        let run = try VenuectlProcess.runProgram(directory + "/venuectl", ["notify", "--before", "15"])
        #expect(run.code == 127)
        #expect(run.stderr == "venuectl: cannot run \(directory)/venued-notify (No such file or directory): "
                + "'venuectl notify' needs venued-notify installed beside venuectl; reinstall venued\n")
    }
}
