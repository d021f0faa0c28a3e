import DiningHours
import Foundation
import Testing
@testable import VenuectlApp

/// `venuectl info` for people: where venued listens, and times that carry their offset.
@Suite struct InfoSummaryTests {
    static let answer = #"""
        {"ok":true,"version":"0.1.0","pid":4242,"started_at":"2026-11-20T10:00:00-05:00","source":"primary",
         "fetched_at":"2026-11-20T10:15:00-05:00","stale":false,"stale_reason":null,
         "coverage":{"first":"2026-11-16","last":"2026-11-22"},"venues":15,"warnings":0,"last_error":null,
         "last_error_at":null,"last_success_at":"2026-11-20T10:15:00-05:00","failures":0,
         "next_refresh":"2026-11-20T10:30:00-05:00","next_refresh_reason":"interval","refresh_seconds":900,
         "tz":"America/New_York","socket":"/run/user/1000/venued/venued.sock","socket_activated":true,"subscribers":0}
        """#

    func summary(_ text: String) throws -> [String] {
        InfoCommand.summary(try JSONParser.parse(Array(text.utf8))).split(separator: "\n").map(String.init)
    }

    @Test func underSocketActivationItShowsThePathAndSaysSo() throws {
        let lines = try summary(Self.answer)
        #expect(lines.first == "venued 0.1.0 (pid 4242) on /run/user/1000/venued/venued.sock (socket activation)")
        let bound = try summary(Self.answer.replacingOccurrences(of: #""socket_activated":true"#, with: #""socket_activated":false"#))
        #expect(bound.first == "venued 0.1.0 (pid 4242) on /run/user/1000/venued/venued.sock")
    }

    @Test func everyTimeCarriesItsOffset() throws {
        let lines = try summary(Self.answer)
        #expect(lines.contains("data:        primary data, dates 2026-11-16 to 2026-11-22, 15 venues, fetched 2026-11-20 10:15 -05:00"))
        #expect(lines.contains("refreshes:   every 900 s; last success 2026-11-20 10:15 -05:00; next 2026-11-20 10:30 -05:00 (interval)"))
        #expect(InfoCommand.time(.string("2026-11-20T15:15:00Z")) == "2026-11-20 15:15 +00:00")
        #expect(InfoCommand.time(.string("2026-06-01T09:00:00+05:30")) == "2026-06-01 09:00 +05:30")
    }

    @Test func menusAreOneLineThatNamesAStaleDate() throws {
        let menus = #"""
            ,"menus":{"refreshing":false,"next_round":"2026-11-20T13:15:00-05:00","next_round_reason":"interval","failures":0,
             "last_round":"...","dates":[{"date":"2026-11-20","menus":12,"problem":null},
             {"date":"2026-11-21","menus":9,"problem":"the refresh at 2026-11-20T10:15:00-05:00 answered [] (no menus); kept the menus held"},
             {"date":"2026-11-22","menus":0,"problem":null},{"date":"2026-11-23","menus":null,"problem":null}]}}
            """#
        let lines = try summary(String(Self.answer.dropLast()) + menus)
        #expect(lines.last == "menus:       3 dates held, 2 with menus; next round 2026-11-20 13:15 -05:00 (interval); 1 stale, "
            + "2026-11-21: the refresh at 2026-11-20T10:15:00-05:00 answered [] (no menus); kept the menus held")
        #expect(try summary(Self.answer).allSatisfy { !$0.hasPrefix("menus:") })
    }
}
