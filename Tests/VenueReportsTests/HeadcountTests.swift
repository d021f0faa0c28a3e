import DiningHours
import Testing
@testable import VenueReports

/// The words a summary of many venues uses for open and unknown ones (`Headcount`), and
/// the colour of the whole (`Tone.combined`): "no hours known" never reads as "closed".
@Suite("Headcount: none known apart from none open")
struct HeadcountTests {
    static let monday = LocalDate(year: 2023, month: 9, day: 18)!
    static let week = Coverage(first: LocalDate(year: 2023, month: 9, day: 16)!, last: LocalDate(year: 2023, month: 9, day: 22)!)
    static let later = LocalDate(year: 2026, month: 11, day: 26)!

    @Test("every venue known: nothing to add, the count as before")
    func allKnown() {
        let count = Headcount(total: 15, open: 9, unknown: [], date: Self.monday)
        #expect(!count.hasUnknown && count.noneOpen == nil)
        #expect(count.count == "9 of 15 open" && count.short == "9/15 open")
        #expect(Headcount(total: 15, open: 0, unknown: [], date: Self.monday).noneOpen == nil, "all closed is 'nothing open', as before")
    }

    @Test("every venue unknown: none known to be open, and why")
    func allUnknown() {
        let count = Headcount(total: 15, open: 0, unknown: Array(repeating: .beyondHorizon(coverage: Self.week), count: 15), date: Self.later)
        #expect(count.noneOpen == "none known to be open: no hours for 15 venues (the data ends 2023-09-22)")
        #expect(count.count == count.noneOpen && count.short == "no hours known")
        let before = Headcount(total: 1, open: 0, unknown: [.beyondHorizon(coverage: Self.week)], date: LocalDate(year: 2020, month: 1, day: 6)!)
        #expect(before.noneOpen == "none known to be open: no hours for 1 venue (the data starts 2023-09-16)")
        // Reasons that differ are not summed up in a few words: the notes say each.
        let mixed = Headcount(total: 2, open: 0, unknown: [.noData, .beyondHorizon(coverage: Self.week)], date: Self.later)
        #expect(mixed.noneOpen == "none known to be open: no hours for 2 venues")
    }

    @Test("some unknown: both, with none open or some")
    func someUnknown() {
        let none = Headcount(total: 15, open: 0, unknown: [.noData, .noData, .noData], date: Self.monday)
        #expect(none.noneOpen == "none open; no hours for 3 of 15" && none.short == "0/15 open, 3 unknown")
        let some = Headcount(total: 15, open: 2, unknown: [.noData, .noData, .noData], date: Self.monday)
        #expect(some.noneOpen == nil && some.count == "2 of 15 open; no hours for 3")
    }

    @Test("the colour of many: unknown before closed, open before both")
    func combinedTone() {
        #expect(Tone.combined([.closed, .unknown]) == .unknown)
        #expect(Tone.combined([.closed, .closed]) == .closed)
        #expect(Tone.combined([.unknown, .closingSoon, .closed]) == .closingSoon)
        #expect(Tone.combined([.unknown, .open]) == .open)
        #expect(Tone.combined([]) == .unknown)
    }
}
