import BundledFeed
import DiningHours
import Testing
@testable import VenueReports

@Suite("Bundled venue metadata")
struct VenueInfoTests {
    /// The metadata dates from 2019: the two venues opened since have none.
    @Test("every older venue of the bundled feed is on campus, with an address and a page")
    func coversTheBundledFeed() throws {
        let feed = try FeedDecoder.decode(BundledFeed.bytes)
        let missing = feed.venues.filter { VenueInfo.bundled[$0.id] == nil }.map(\.name)
        #expect(missing == ["Quaker Kitchen", "Cafe West"])
        for venue in feed.venues where !missing.contains(venue.name) {
            let info = try #require(VenueInfo.bundled[venue.id])
            #expect((39.9...40.0).contains(info.latitude) && (-75.21 ... -75.18).contains(info.longitude), "\(venue.name) is not on campus")
            #expect(info.address != nil)
            #expect(info.pageURL?.hasPrefix(VenueInfo.pageBase) == true)
        }
    }

    @Test("1920 Commons: its coordinates, address and page")
    func commons() throws {
        let info = try #require(VenueInfo.bundled[593])
        #expect(info.latitude == 39.951904 && info.longitude == -75.199497)
        #expect(info.address == "3800 Locust Walk Philadelphia PA, 19104")
        #expect(info.pageURL == "https://university-of-pennsylvania.cafebonappetit.com/cafe/1920-commons")
    }

    @Test("entries without coordinates are left out, not guessed")
    func skipsIncompleteEntries() {
        let parsed = VenueInfo.parse(Array(#"{"1":{"lat":1,"lng":2},"2":{"lat":1},"x":{"lat":1,"lng":2}}"#.utf8))
        #expect(Array(parsed.keys) == [1])
        #expect(parsed[1]?.slug == nil)
    }
}
