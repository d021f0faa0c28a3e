import Foundation
import Testing

/// Feed text written into the user's own files stays data: `favorites add` labels each
/// id with its venue's name as a comment, and a name holding a line break (a JSON `\n`
/// or `&#10;` in the feed) cannot add a line of its own.
@Suite struct FeedTextInFiles {
    let home = DaemonProcess.Home()

    @Test func aVenueNameWithALineBreakAddsNoFavorite() throws {
        mkdirs(home.cacheDirectory)
        let feed = String(decoding: Feeds.current(name: #"Test Commons\n1442&#10;1443"#), as: UTF8.self)
        try feed.write(toFile: home.cacheDirectory + "/venues.json", atomically: true, encoding: .utf8)
        let added = try VenuectlRunner.run(["favorites", "add", "593"], home: home)
        #expect(added.code == 0, "\(added.stderr)")
        let file = try String(contentsOfFile: home.root + "/config/venued/favorites", encoding: .utf8)
        let ids = file.split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(ids == ["593"], "\(file)")
        #expect(file.contains("593  # Test Commons 1442 1443\n"), "\(file)")
        let listed = try VenuectlRunner.run(["favorites", "list"], home: home)
        #expect(listed.stdout.split(separator: "\n").count == 1, "\(listed.stdout)")
    }
}
