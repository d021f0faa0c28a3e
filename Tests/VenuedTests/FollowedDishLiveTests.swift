import DiningHours
import Foundation
import Testing
import VenueReports

/// A followed dish end to end (docs/MENUS.md, "Followed dishes"): `favorites add --dish`,
/// venued's menus from a scripted server on 127.0.0.1, its clock set just before the
/// announcement (`--clock-offset`, as the transitions' tests do), and `venuectl watch
/// --dishes` and `status --dishes` as a person runs them.
@Suite struct FollowedDishLive {
    let home = DaemonProcess.Home()

    @Test func watchHearsAFollowedDishOnceAtItsLeadTime() throws {
        let server = try ScriptedHTTPServer()
        defer { server.stop() }
        server.set("/primary", .init(body: Feeds.current()))
        MenuBodies.serveWeek(server)
        let today = MenuBodies.today
        let zone = try StatusReport.zone("America/New_York")
        // Lunch starts at 11:00; with a lead of one minute it is announced at 10:59.
        // venued's clock starts at 10:58:40, time to start and fetch the week.
        let start = zone.instant(for: LocalDateTime(date: today, secondOfDay: 10 * 3600 + 58 * 60 + 40))
        let announced = zone.instant(for: LocalDateTime(date: today, secondOfDay: 10 * 3600 + 59 * 60))
        let offset = start.secondsSinceEpoch - Int(Date().timeIntervalSince1970)
        let daemon = try DaemonProcess(home: home, arguments: [
            "--primary-url", server.url("/primary"), "--backup-url", server.url("/primary"), "--timeout", "2",
            "--menus-url", server.url("/menus"), "--clock-offset", "\(offset)",
        ])
        defer { daemon.stop() }
        _ = try Menus.settled(daemon)

        let dish = MenuBodies.dish(on: today)
        let added = try VenuectlRunner.run(["favorites", "add", "--dish", dish], home: home)
        #expect(added.code == 0 && added.stdout == "following the dish '\(dish)'\n", "\(added.stderr)")
        let listed = try VenuectlRunner.run(["favorites", "list"], home: home)
        #expect(listed.stdout == "dish  \(dish)\n")

        // The snapshot, the status line whose `dishes` changed at 10:59, and the event.
        let run = try VenuectlRunner.run(["watch", "test", "--dishes", "--dish-lead", "1", "--json", "--count", "3"], home: home, timeout: 60)
        #expect(run.code == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        #expect(lines.map { $0["event"] as? String } == ["snapshot", "transition", "dish"], "\(run.stdout)")
        #expect((lines.first?["dishes"] as? [Any])?.isEmpty == true)
        #expect(lines.dropFirst().first?["at"] as? String == zone.iso8601(announced))
        let event = lines.last ?? [:]
        #expect(event["dish"] as? String == dish && event["venue_id"] as? Int == 593 && event["service"] as? String == "Lunch")
        #expect(event["text"] as? String == "\(dish) at Test Commons, Lunch 11:00 AM–2:00 PM")
        #expect(event["announced_at"] as? String == zone.iso8601(announced))

        // Until the meal starts, status says it too.
        let status = try VenuectlRunner.run(["status", "test", "--dishes", "--dish-lead", "1"], home: home)
        #expect(status.stdout.contains("Soon: \(dish) at Test Commons, Lunch 11:00 AM–2:00 PM"), "\(status.stdout)")
        let without = try VenuectlRunner.run(["status", "test"], home: home)
        #expect(!without.stdout.contains("Soon:"))

        // Unfollowed, it is said no more.
        let removed = try VenuectlRunner.run(["favorites", "remove", "--dish", dish.uppercased()], home: home)
        #expect(removed.stdout == "stopped following the dish '\(dish.uppercased())'\n")
        let after = try VenuectlRunner.run(["status", "test", "--dishes", "--dish-lead", "1"], home: home)
        #expect(!after.stdout.contains("Soon:"), "\(after.stdout)")
    }

    @Test func withoutVenuedDishesAreSaidToBeUnknownNotNone() throws {
        _ = try VenuectlRunner.run(["favorites", "add", "--dish", "pizza"], home: home)
        let run = try VenuectlRunner.run(["status", "falk", "--dishes"], home: home)
        #expect(run.code == 0 && run.stdout.contains("Falk Kosher Dining") && !run.stdout.contains("Soon:"))
        #expect(run.stderr.contains("venuectl: --dishes: followed dishes unknown (venued did not answer): menus come from venued"), "\(run.stderr)")
    }
}
