import Foundation
import Testing

/// `calendar --menus`: each meal's event lists its menu in its DESCRIPTION, on Penn's
/// real body for 2022-10-04 and a venues file with that day's three meals.
@Suite struct MenuCalendarTests {
    let home = TestHome()

    func calendar(_ extra: [String]) throws -> VenuectlRunner.Run {
        let venues = home.root + "/venues-2022-10-04.json"
        let day = [("Breakfast", "07:30", "10:30"), ("Lunch", "11:00", "16:30"), ("Dinner", "17:00", "21:30")].map { label, start, end in
            #"{"starttime":"2022-10-04T\#(start):00","endtime":"2022-10-04T\#(end):00","label":"\#(label)"}"#
        }
        try #"[{"id":593,"name":"1920 Commons","days":[{"date":"2022-10-04","dayparts":[\#(day.joined(separator: ","))]}]}]"#
            .write(toFile: venues, atomically: true, encoding: .utf8)
        return try VenuectlRunner.run(["calendar", "593", "--data", venues, "--at", "2022-10-04T06:00", "--days", "1"] + extra, home: home)
    }

    /// The events' DESCRIPTIONs, unfolded (RFC 5545 §3.1), in start order.
    func descriptions(_ document: String) -> [String] {
        let unfolded = document.replacingOccurrences(of: "\r\n ", with: "")
        return unfolded.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { event in
            event.components(separatedBy: "\r\n").first { $0.hasPrefix("DESCRIPTION:") } ?? ""
        }
    }

    @Test func eachMealsEventListsItsStationsAndDishesWithTheirTags() throws {
        let run = try calendar(["--menus", MenuCommandTests.real])
        #expect(run.code == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let descriptions = descriptions(run.stdout)
        #expect(descriptions.count == 3)
        #expect(descriptions.allSatisfy { $0.hasPrefix(#"DESCRIPTION:Menu (the caterer's labels\, not a guarantee):\n"#) })
        #expect(descriptions[0].contains(#"\nbreakfast grill: cage-free scrambled eggs (vegetarian\, farm to fork · contains egg)\; "#))
        #expect(descriptions[0].contains("turkey bacon (allergens unknown)"))
        #expect(descriptions[2].contains(#"\nbreads and bagels: rye bread (vegan · contains gluten\, soy)\; "#))
        #expect(descriptions[2].contains(#"\nfruit and yogurt: "#) && !descriptions[2].contains("scrambled eggs"))
    }

    @Test func withoutMenusTheEventsHaveNoDescription() throws {
        let run = try calendar([])
        #expect(run.code == 0 && descriptions(run.stdout) == ["", "", ""])
    }
}
