import Foundation
import Glibc
import Testing

/// What a newcomer meets: hints that fit where venuectl runs and what was typed.
@Suite struct NewcomerHintTests {
    func venuectl(_ arguments: [String], environment: [String: String] = [:]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: environment)
    }

    // MARK: how to start venued

    @Test func fromTheCheckoutTheNoticeSaysSwiftRunVenued() throws {
        let run = try venuectl(["status", "commons"])
        #expect(run.code == 0)
        #expect(run.stderr.hasSuffix("showing the bundled data — start it with 'swift run venued' in another terminal\n"), "\(run.stderr)")
        #expect(run.stdout.contains("— start it with 'swift run venued' in another terminal."))
    }

    @Test func anInstalledCopyWithItsUnitSaysSystemctl() throws {
        let root = try VenuectlProcess.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The same binary outside a build directory, with the socket unit where
        // `make install PREFIX=~/.local` puts it.
        let binary = root + "/bin/venuectl"
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: VenuectlProcess.binary.path, toPath: binary)
        try FileManager.default.createDirectory(atPath: root + "/share/systemd/user", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: root + "/share/systemd/user/venued.socket", contents: Data("[Socket]\n".utf8)))
        let run = try VenuectlProcess.runProgram(binary, ["status", "commons"], environment: ["XDG_DATA_HOME": root + "/share"])
        #expect(run.code == 0)
        #expect(run.stderr.hasSuffix("— start it with 'systemctl --user start venued.socket'\n"), "\(run.stderr)")
    }
}
