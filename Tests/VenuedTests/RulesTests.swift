@testable import DiningHours
import Testing
import VenuedCLI
@testable import venued

@Suite struct FreshnessRule {
    let today = LocalDate(parsing: "2025-03-10")!

    func coverage(_ first: String, _ last: String) -> Coverage {
        Coverage(first: LocalDate(parsing: first)!, last: LocalDate(parsing: last)!)
    }

    @Test func countsOnlyTodayAndAfter() {
        #expect(Freshness.daysAhead(coverage("2025-03-08", "2025-03-14"), from: today) == 5)
        #expect(Freshness.daysAhead(coverage("2025-03-11", "2025-03-12"), from: today) == 2)
        #expect(Freshness.daysAhead(coverage("2023-09-16", "2023-09-22"), from: today) == 0)
        #expect(Freshness.daysAhead(nil, from: today) == 0)
    }

    @Test func anOldWeekNeverReplacesThisWeek() {
        #expect(!Freshness.mayReplace(held: coverage("2025-03-09", "2025-03-15"), with: coverage("2023-09-16", "2023-09-22"), today: today))
    }

    @Test func lessOfTheComingDaysDoesNotReplace() {
        #expect(!Freshness.mayReplace(held: coverage("2025-03-10", "2025-03-16"), with: coverage("2025-03-04", "2025-03-12"), today: today))
    }

    @Test func asMuchOrMoreReplaces() {
        #expect(Freshness.mayReplace(held: coverage("2025-03-09", "2025-03-15"), with: coverage("2025-03-09", "2025-03-15"), today: today))
        #expect(Freshness.mayReplace(held: coverage("2025-03-09", "2025-03-15"), with: coverage("2025-03-10", "2025-03-17"), today: today))
        #expect(Freshness.mayReplace(held: nil, with: coverage("2023-09-16", "2023-09-22"), today: today))
    }

    @Test func betweenTwoPastWeeksTheLaterWins() {
        #expect(Freshness.mayReplace(held: coverage("2023-09-16", "2023-09-22"), with: coverage("2024-01-01", "2024-01-07"), today: today))
        #expect(!Freshness.mayReplace(held: coverage("2024-01-01", "2024-01-07"), with: coverage("2023-09-16", "2023-09-22"), today: today))
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
        let settings = try ConfigFile.parse("# venued\n\nrefresh = 600\n  tz=Europe/London  \nprimary_url = http://127.0.0.1/x#frag\n", path: "c")
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
