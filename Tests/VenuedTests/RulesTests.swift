import VenueReports
import Testing
import VenuedSystem
@testable import DiningHours
@testable import venued

@Suite struct FreshnessRule {
    let today = LocalDate(parsing: "2025-03-10")!
    let zone = try! ZoneDatabase.system.rules("America/New_York")

    /// `count` venues listing the dates `from...through` (offsets from today), open 08:00-20:00 unless `closed`.
    func answers(venues count: Int, from: Int, through: Int, closed: Bool = false) -> Answers {
        let venues = (0..<count).map { index in
            Venue(id: index, name: "V\(index)", days: (from...through).map { offset in
                let date = today.adding(days: offset)
                let daypart = Daypart(start: FeedTime(parsing: "\(date)T08:00:00")!, end: FeedTime(parsing: "\(date)T20:00:00")!, label: "")
                return Day(date: date, status: closed ? .closed : .listed, dayparts: [daypart])
            })
        }
        return Answers(Campus(feed: Feed(venues: venues), zone: zone), today: today)
    }

    @Test func countsOnlyTheNextFifteenDays() {
        #expect(answers(venues: 2, from: -2, through: 4) == Answers(venues: 2, venueDays: 10, openVenueDays: 10, lastDate: today.adding(days: 4)))
        #expect(answers(venues: 1, from: 10, through: 30).venueDays == 5)
        #expect(answers(venues: 3, from: -900, through: -894).venueDays == 0)
        #expect(answers(venues: 1, from: 0, through: 3, closed: true).openVenueDays == 0)
    }

    @Test func anOldWeekNeverReplacesThisWeek() {
        #expect(Freshness.judge(held: answers(venues: 15, from: -1, through: 5), candidate: answers(venues: 15, from: -900, through: -894)) != .replace)
    }

    @Test func aCopyEndingSoonerDoesNotReplace() {
        #expect(Freshness.judge(held: answers(venues: 15, from: 0, through: 6), candidate: answers(venues: 15, from: -6, through: 2)) != .replace)
    }

    @Test func oneVenueDoesNotReplaceFifteen() {
        #expect(Freshness.judge(held: answers(venues: 15, from: 0, through: 6), candidate: answers(venues: 1, from: 0, through: 14)) != .replace)
    }

    @Test func everyDayClosedDoesNotReplaceOpenDays() {
        let verdict = Freshness.judge(held: answers(venues: 15, from: 0, through: 6), candidate: answers(venues: 15, from: 0, through: 6, closed: true))
        #expect(verdict == .keep("it has open hours on 0 venue-days in the next 15 days, the held copy on 105"))
    }

    @Test func aClosureThatListsMoreDaysIsNews() {
        // Winter break: the held week ends tomorrow; the new copy lists two closed weeks.
        #expect(Freshness.judge(held: answers(venues: 15, from: -5, through: 1), candidate: answers(venues: 15, from: 0, through: 14, closed: true)) == .replace)
    }

    @Test func asMuchOrNearlyAsMuchReplaces() {
        #expect(Freshness.judge(held: answers(venues: 15, from: 0, through: 6), candidate: answers(venues: 15, from: 0, through: 6)) == .replace)
        #expect(Freshness.judge(held: answers(venues: 15, from: -1, through: 5), candidate: answers(venues: 15, from: 0, through: 6)) == .replace)
        #expect(Freshness.judge(held: answers(venues: 15, from: 0, through: 6), candidate: answers(venues: 14, from: 0, through: 6)) == .replace)
        #expect(Freshness.judge(held: answers(venues: 0, from: 0, through: 0), candidate: answers(venues: 15, from: -900, through: -894)) == .replace)
    }

    @Test func betweenTwoPastWeeksTheLaterWins() {
        #expect(Freshness.judge(held: answers(venues: 15, from: -900, through: -894), candidate: answers(venues: 15, from: -400, through: -394)) == .replace)
        #expect(Freshness.judge(held: answers(venues: 15, from: -400, through: -394), candidate: answers(venues: 15, from: -900, through: -894)) != .replace)
    }
}

@Suite struct BackoffRule {
    @Test func growsExponentiallyUpToTheCap() {
        #expect(Backoff.delay(failures: 1, base: 30, cap: 900, unit: 0.999_999) < 30.01)
        #expect(Backoff.delay(failures: 3, base: 30, cap: 900, unit: 0.999_999) > 119)
        #expect(Backoff.delay(failures: 10, base: 30, cap: 900, unit: 0.999_999) <= 900)
        #expect(Backoff.delay(failures: 10, base: 30, cap: 900, unit: 0.999_999) > 899)
    }

    @Test func isFullJitterButNeverUnderOneSecond() {
        #expect(Backoff.delay(failures: 4, base: 30, cap: 900, unit: 0.5) == 120)
        #expect(Backoff.delay(failures: 4, base: 30, cap: 900, unit: 0) == 1)
    }
}

@Suite struct ConfigFileFormat {
    @Test func readsKeysCommentsAndBlankLines() throws {
        let settings = try ConfigFile.parse("# venued\n\nrefresh = 600\n  tz=Europe/London  \nprimary_url = http://127.0.0.1/x#frag\n", path: "c").settings
        #expect(settings.map(\.0.key) == ["refresh", "tz", "primary_url"])
        #expect(settings.map(\.1) == ["600", "Europe/London", "http://127.0.0.1/x#frag"])
    }

    @Test func unknownKeyNamesTheLineAndTheKeys() {
        #expect {
            _ = try ConfigFile.parse("refresh = 60\nrefesh = 60\n", path: "c")
        } throws: { error in
            guard let error = error as? DaemonError, case .config(let message) = error else { return false }
            return message.contains("c:2") && message.contains("refesh") && message.contains("primary_url") && error.exitCode == 2
        }
    }

    @Test func aLineWithoutEqualsIsAnError() {
        #expect(throws: DaemonError.self) { _ = try ConfigFile.parse("refresh 60\n", path: "c") }
    }

    @Test func aCacheDirectoryFlagStandsInForAMissingHome() throws {
        let cacheDir = try #require(Setting.all.first { $0.key == "cache_dir" })
        let bare = ConfigLoader(environment: [:], uid: 1000, overrides: [])
        #expect(throws: DaemonError.config("neither XDG_CACHE_HOME nor HOME is set: set one, or give --cache-dir DIR")) { _ = try bare.load() }
        let flagged = ConfigLoader(environment: [:], uid: 1000, overrides: [(cacheDir, "/var/tmp/v")])
        #expect(try flagged.load().cacheDirectory == "/var/tmp/v")
    }

    /// Found by scripts/fuzz (venued_args): an empty argument, or one that is only '=',
    /// indexed the first piece of nothing and trapped.
    @Test func anEmptyArgumentIsAnUnknownOptionNotATrap() throws {
        for argument in ["", "=", "=600"] {
            #expect(throws: DaemonError.config("unknown option '\(argument)' (see 'venued --help')")) {
                _ = try Invocation.parse(["--refresh", "60", argument])
            }
        }
        // `--refresh=` is an empty value, not a request for the next argument.
        guard case .run(let overrides) = try Invocation.parse(["--refresh=", "--tz=UTC"]) else { Issue.record("not a run"); return }
        #expect(overrides.map(\.0.key) == ["refresh", "tz"] && overrides.map(\.1) == ["", "UTC"])
    }

    @Test func badValuesAreRefusedByTheSettingsTable() throws {
        var config = Config(environment: ["HOME": "/home/x"], uid: 1000)
        #expect(config.socketPath == "/tmp/venued-1000/venued.sock")
        #expect(config.cacheDirectory == "/home/x/.cache/venued")
        let refresh = try #require(Setting.all.first { $0.key == "refresh" })
        #expect(throws: DaemonError.self) { try refresh.apply(&config, "soon") }
        let tz = try #require(Setting.all.first { $0.key == "tz" })
        #expect(throws: DaemonError.self) { try tz.apply(&config, "Mars/Olympus") }
    }
}
