import VenueReports
import DiningHours
import Testing

/// What the decoder keeps is bounded (`FeedLimits`), so a hostile feed costs in
/// proportion to what is kept, and a date years away is an outlier, not coverage.
@Suite struct FeedLimitsTests {
    func venue(id: Int, days: [String], name: String = "V") -> String {
        let days = days.map { #"{"date":"\#($0)","dayparts":[{"starttime":"\#($0)T08:00:00","endtime":"\#($0)T20:00:00","label":"L"}]}"# }
        return #"{"id":\#(id),"name":"\#(name)","days":[\#(days.joined(separator: ","))]}"#
    }

    @Test func aDocumentOverTheValueBudgetIsRefusedAsTooLarge() {
        var limits = FeedLimits()
        limits.values = 1_000
        let bytes = Array(("[" + Array(repeating: "[]", count: 1_000).joined(separator: ",") + "]").utf8)
        #expect(throws: FeedError.tooLarge("more than 1000 JSON values (a week of real data has about 1,300)")) {
            try FeedDecoder.decode(bytes, limits: limits)
        }
    }

    @Test func theRealFeedIsFarUnderEveryLimit() throws {
        let feed = try FeedDecoder.decode(try Fixture.penn("pennlabs_backup-data_venues.json"), limits: .standard)
        #expect(feed.venues.count == 15 && feed.warningCount == 0)
    }

    @Test func venuesDaysAndDaypartsPastTheirLimitsAreDroppedWithOneWarningEach() throws {
        var limits = FeedLimits()
        limits.venues = 2
        limits.daysPerVenue = 3
        limits.daypartsPerDay = 1
        let dates = (16...22).map { "2023-09-\($0)" }
        let twoParts = #"{"date":"2023-09-16","dayparts":[{"starttime":"2023-09-16T08:00","endtime":"2023-09-16T09:00"},{"starttime":"2023-09-16T10:00","endtime":"2023-09-16T11:00"}]}"#
        let json = "[" + venue(id: 1, days: dates) + #",{"id":2,"name":"Two","days":[\#(twoParts)]},"# + venue(id: 3, days: dates) + "]"
        let feed = try FeedDecoder.decode(Array(json.utf8), limits: limits)
        #expect(feed.venues.map(\.id) == [1, 2])
        #expect(feed.venues[0].days.count == 3)
        #expect(feed.venues[1].days[0].dayparts.count == 1)
        #expect(feed.warningCount == 3)
    }

    @Test func longTextIsCutAtACharacterBoundary() throws {
        var limits = FeedLimits()
        limits.textBytes = 5
        let feed = try FeedDecoder.decode(Array(("[" + venue(id: 1, days: ["2023-09-16"], name: "Caféé") + "]").utf8), limits: limits)
        #expect(feed.venues[0].name == "Café")
        #expect(feed.warnings.first?.reason == "name is 7 bytes; cut to 5")
    }

    @Test func badElementsUpToTheValueBudgetCostACounterNotAMessageEach() throws {
        let junk = FeedLimits.standard.values - 1_000
        let json = "[" + venue(id: 1, days: ["2023-09-16"]) + String(repeating: ",0", count: junk) + "]"
        let feed = try FeedDecoder.decode(Array(json.utf8))
        #expect(feed.venues.count == 1)
        #expect(feed.warningCount == junk)
        #expect(feed.warnings.count == FeedLimits.standard.warnings)
    }

    @Test func aDateYearsAwayIsAnOutlierNotCoverage() throws {
        let dates = (16...22).map { "2023-09-\($0)" }
        let json = "[" + venue(id: 1, days: dates + ["2099-12-31"]) + "," + venue(id: 2, days: ["1970-01-01"] + dates) + "]"
        let feed = try FeedDecoder.decode(Array(json.utf8))
        #expect(feed.venues.allSatisfy { $0.days.count == 7 })
        #expect(feed.warnings.map(\.reason).allSatisfy { $0.contains("skipped as an outlier") })
        #expect(feed.warningCount == 2)
        let campus = Campus(feed: feed, zone: try ZoneDatabase.system.rules("America/New_York"))
        #expect(campus.coverage.map { "\($0.first)...\($0.last)" } == "2023-09-16...2023-09-22")
    }
}
