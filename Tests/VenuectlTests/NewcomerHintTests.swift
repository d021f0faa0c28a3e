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
        #expect(run.code == 0 && run.stderr.isEmpty, "plain text says it in its header: \(run.stderr)")
        #expect(run.stdout.contains("— start it with 'swift run venued' in another terminal."))
        let json = try venuectl(["status", "--json", "commons"])
        #expect(json.stderr.hasSuffix("showing the bundled data — start it with 'swift run venued' in another terminal\n"), "\(json.stderr)")
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
        // The copy was open for writing a moment ago, and a child that another test forked
        // meanwhile may hold that descriptor until it execs: ETXTBSY, then a clean start.
        var started: VenuectlProcess.Run?
        try waitUntil("the copied venuectl starts (not 'Text file busy')", seconds: 10) {
            do {
                started = try VenuectlProcess.runProgram(binary, ["status", "--json", "commons"], environment: ["XDG_DATA_HOME": root + "/share"])
                return true
            } catch let error as NSError where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) {
                return false
            }
        }
        let run = try #require(started)
        #expect(run.code == 0)
        #expect(run.stderr.hasSuffix("— start it with 'systemctl --user start venued.socket'\n"), "\(run.stderr)")
    }

    // MARK: did you mean

    @Test(arguments: [
        (["stauts"], "unknown command or venue 'stauts': did you mean 'venuectl status'? (see 'venuectl --help')"),
        (["hurs", "commons"], "unknown command or venue 'hurs': did you mean 'venuectl hours'? (see 'venuectl --help')"),
        (["favorits", "add", "commons"], "unknown command or venue 'favorits': did you mean 'venuectl favorites'? (see 'venuectl --help')"),
        (["help", "wach"], "no command 'wach': did you mean 'venuectl help watch'? (see 'venuectl help --help')"),
        (["status", "--favourites"], "unknown option '--favourites': did you mean '--favorites'? (see 'venuectl status --help')"),
        (["hours", "commons", "--dyas", "3"], "unknown option '--dyas': did you mean '--days'? (see 'venuectl hours --help')"),
    ])
    func aMistypedCommandOrFlagGetsTheNearestName(arguments: [String], message: String) throws {
        let run = try venuectl(arguments + (arguments.first == "help" ? [] : ["--data", VenuectlProcess.fixture]))
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: \(message)\n", "\(run.stderr)")
    }

    @Test func aWordNearNoCommandStillListsThem() throws {
        let run = try venuectl(["frobnicate", "--data", VenuectlProcess.fixture])
        #expect(run.code == 2 && run.stderr.contains("the commands are status, hours, next"))
    }

    @Test(arguments: [
        ("america/new_york", "America/New_York"), ("AMERICA/NEW_YORK", "America/New_York"),
        ("America/New York", "America/New_York"), ("new_york", "America/New_York"), ("europe/london", "Europe/London"), ("utc", "UTC"),
    ])
    func aZoneInTheWrongCaseGetsTheDatabasesSpelling(typed: String, zone: String) throws {
        let run = try venuectl(["status", "--tz", typed, "--data", VenuectlProcess.fixture])
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: unknown time zone '\(typed)': did you mean '\(zone)'?\n", "\(run.stderr)")
    }

    @Test func aZoneNothingLikeAnyNameKeepsTheGeneralAdvice() throws {
        let run = try venuectl(["hours", "commons", "--tz", "Mars/Olympus_Mons", "--data", VenuectlProcess.fixture])
        #expect(run.code == 2)
        #expect(run.stderr == "venuectl: unknown time zone 'Mars/Olympus_Mons': use an IANA name such as America/New_York or Europe/London\n")
    }
}
