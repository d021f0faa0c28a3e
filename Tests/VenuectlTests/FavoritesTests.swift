import Foundation
import Glibc
import Testing

/// `venuectl favorites add|remove|toggle|list` and `status --favorites`: the file's format, its
/// atomic rewrite, names resolved to one venue, and the errors with their exit codes.
@Suite struct FavoritesTests {
    let root: String
    var file: String { root + "/venued/favorites" }

    init() throws { root = try VenuectlProcess.scratch() }

    func venuectl(_ arguments: [String]) throws -> VenuectlProcess.Run {
        try VenuectlProcess.run(arguments, environment: ["XDG_CONFIG_HOME": root])
    }

    func shownIDs() throws -> [Int] {
        try venuectl(["status", "--favorites", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T12:00"])
            .venues.compactMap { $0["id"] as? Int }
    }

    @Test func addListRemoveAndStatusShowTheSameSet() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let empty = try venuectl(["favorites", "list"])
        #expect(empty.code == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr == "venuectl: no favorites yet — add one with 'venuectl favorites add VENUE' (or --dish NAME)\n")
        let added = try venuectl(["favorites", "add", "commons", "1442"])
        #expect(added.code == 0 && added.stdout == "added 1920 Commons (593)\nadded Lauder College House (1442)\n", "\(added.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8)
            == "# venuectl favorites: one venue id a line (the name after '#' is for people).\n593  # 1920 Commons\n1442  # Lauder College House\n")
        #expect(try venuectl(["favorites", "add", "593"]).stdout == "1920 Commons (593) is a favorite already\n")
        #expect(try venuectl(["favorites", "list"]).stdout == " 593  1920 Commons\n1442  Lauder College House\n")
        #expect(try shownIDs() == [593, 1442])
        #expect(try venuectl(["favorites", "remove", "lauder"]).stdout == "removed Lauder College House (1442)\n")
        #expect(try venuectl(["favorites", "remove", "lauder"]).stdout == "Lauder College House (1442) was not a favorite\n")
        #expect(try shownIDs() == [593])
        var info = stat()
        #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o600, "the owner's alone: mode \(String(info.st_mode & 0o777, radix: 8))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/venued").sorted()
        #expect(leftovers == ["favorites", "favorites.lock"], "no temporary file is left behind; the lock file stays, by design")
    }

    @Test func toggleAddsWhatIsNotAFavoriteAndRemovesWhatIs() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try venuectl(["favorites", "toggle", "commons"]).stdout == "added 1920 Commons (593)\n")
        #expect(try shownIDs() == [593])
        let both = try venuectl(["favorites", "toggle", "commons", "lauder"])
        #expect(both.code == 0 && both.stdout == "removed 1920 Commons (593)\nadded Lauder College House (1442)\n", "\(both.stderr)")
        #expect(try shownIDs() == [1442])
        #expect(try venuectl(["favorites", "toggle", "cafe"]).code == 2, "a name several venues share is refused, as by add")
    }

    @Test func theOverviewNamesEveryAction() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        // `venuectl --help` is where a newcomer learns what favorites can do.
        let line = try venuectl(["--help"]).stdout.split(separator: "\n").first { $0.hasPrefix("  favorites ") }
        for action in ["add", "remove", "toggle", "list"] {
            #expect(line?.contains(action) == true, "\(action) in: \(line ?? "no favorites line")")
        }
    }

    @Test func withoutFavoritesStatusSaysHowToAddThem() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(["status", "--favorites", "--data", VenuectlProcess.fixture])
        #expect(run.code == 0 && run.stdout.contains("No favorites to show (add some with 'venuectl favorites add VENUE')."))
        #expect(try venuectl(["status", "--favorites", "--format", "prompt"]).stdout.isEmpty)
    }

    @Test func aFavoriteTheDataNoLongerListsCanStillBeRemoved() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
        try "424242\n593\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try venuectl(["favorites", "list"]).stdout == "424242  (not in the current data)\n   593  1920 Commons\n")
        #expect(try venuectl(["favorites", "remove", "424242"]).stdout == "removed venue (424242)\n")
    }

    @Test(arguments: [
        (["favorites", "add", "cafe"], Int32(2), "'cafe' matches 3 venues: Cafe West, Accenture Café, Joe's Café — be more specific or use an id"),
        (["favorites", "add", "comons"], 3, "no venue matches 'comons': did you mean '1920 Commons'?"),
        (["favorites", "add"], 2, "favorites add needs a VENUE"),
        (["favorites"], 2, "favorites needs add, remove, toggle or list"),
        (["favorites", "star", "593"], 2, "unknown favorites action 'star': use add, remove, toggle or list"),
        (["favorites", "list", "593"], 2, "favorites list takes no VENUE"),
    ])
    func mistakesAreOneLineWithTheirExitCode(arguments: [String], code: Int32, message: String) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try venuectl(arguments)
        #expect(run.code == code && run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("venuectl: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.filter { $0 == "\n" }.count == 1)
    }

    /// Each writer reads, changes and rewrites the file under a lock (favorites.lock):
    /// without it, concurrent adds all exit 0 and most of them are lost.
    @Test func concurrentAddsAllCount() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ids = [593, 636, 637, 638, 639, 641, 642, 747, 1057, 1163, 1442, 1732, 1733, 1464004, 1464009]
        let processes = try ids.map { id in
            let process = Process()
            process.executableURL = VenuectlProcess.binary
            process.arguments = ["favorites", "add", "\(id)"]
            process.environment = ["PATH": "/usr/bin:/bin", "HOME": root, "XDG_CONFIG_HOME": root,
                                   "XDG_CACHE_HOME": root + "/no-cache", "XDG_RUNTIME_DIR": root + "/no-run"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let deadline = Date().addingTimeInterval(60)
        while processes.contains(where: \.isRunning) && Date() < deadline { usleep(10_000) }
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: ids.count))
        let kept = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
            .compactMap { Int($0.split(separator: " ").first ?? "") }
        #expect(Set(kept) == Set(ids), "lost: \(Set(ids).subtracting(kept).sorted())")
        #expect(kept.count == ids.count)
    }

    /// A writer that holds the lock too long (a stalled disk) costs the next one a
    /// bounded wait and a clear error, exit 4, not a hang.
    @Test func aLockHeldTooLongIsAClearErrorAfterABoundedWait() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
        let holder = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
        let blocked = try venuectl(["favorites", "add", "593"])
        #expect(blocked.code == 4 && blocked.stdout.isEmpty)
        #expect(blocked.stderr == "venuectl: cannot write \(file): another 'venuectl favorites' has held \(file).lock for over 2 s; try again\n")
        close(holder)
        #expect(try venuectl(["favorites", "add", "593"]).code == 0)
    }

    /// An error about the favorites file names the file and the line, never what the
    /// line holds: the file may be any file (a credentials file, /proc/self/environ).
    @Test func aFileThatIsNotFavoritesIsNeverQuoted() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
        try "# looks like a comment\naws_secret_access_key = hunter2-SECRET\n".write(toFile: file, atomically: true, encoding: .utf8)
        for arguments in [["favorites", "list"], ["favorites", "add", "593"], ["status", "--favorites", "--data", VenuectlProcess.fixture]] {
            let run = try venuectl(arguments)
            #expect(run.code == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.hasPrefix("venuectl: \(file):2: not a venue id"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("SECRET") && !run.stderr.contains("aws"), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aBrokenFileIsNamedWithItsLineAndAnUnwritableOneIsExitFour() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/venued", withIntermediateDirectories: true)
        try "593\ncommons\n".write(toFile: file, atomically: true, encoding: .utf8)
        let broken = try venuectl(["status", "--favorites", "--data", VenuectlProcess.fixture])
        #expect(broken.code == 2 && broken.stderr.contains("\(file):2: not a venue id"), "\(broken.stderr)")
        #expect(!broken.stderr.contains("commons"), "the line is never quoted: \(broken.stderr)")
        let blocked = try VenuectlProcess.run(["favorites", "add", "593"], environment: ["XDG_CONFIG_HOME": "/dev/null/config"])
        #expect(blocked.code == 4 && blocked.stderr.hasPrefix("venuectl: cannot write /dev/null/config"), "\(blocked.stderr)")
    }
}
