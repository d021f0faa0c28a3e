import VenueReports
import Testing
@testable import DiningHours

/// "Did you mean" for names that are not venues: commands and zone names.
@Suite struct SpellingTests {
    static let commands = ["status", "hours", "next", "search", "is-open", "open", "watch", "favorites", "info", "refresh", "completions", "help"]

    @Test func aSwappedPairIsOneEdit() {
        #expect(Spelling.distance(Array("stauts"), Array("status")) == 1)
        #expect(Spelling.closest(to: "stauts", among: Self.commands) == ["status"])
    }

    @Test func onlyTheNearestAreSuggestedAndNothingForShortOrFarWords() {
        #expect(Spelling.closest(to: "opne", among: Self.commands) == ["open"])
        #expect(Spelling.closest(to: "Refesh", among: Self.commands) == ["refresh"])
        #expect(Spelling.closest(to: "ls", among: ["is", "ls-open"]).isEmpty, "under three letters every name is close")
        #expect(Spelling.closest(to: "frobnicate", among: Self.commands).isEmpty)
        #expect(Spelling.closest(to: String(repeating: "x", count: 20_000), among: Self.commands).isEmpty)
    }

    @Test func theZoneDatabaseSpellsANameTypedInAnotherCase() {
        let database = ZoneDatabase.system
        #expect(database.spelling(of: "america/new_york") == "America/New_York")
        #expect(database.spelling(of: "America/Argentina/buenos_aires") == "America/Argentina/Buenos_Aires")
        #expect(database.spelling(of: "kolkata") == "Asia/Kolkata")
        #expect(database.spelling(of: "America/New_York") == nil, "already a name")
        #expect(database.spelling(of: "../etc/passwd") == nil && database.spelling(of: "zone.tab") == nil)
        #expect(database.spelling(of: "Mars/Olympus_Mons") == nil)
    }
}
