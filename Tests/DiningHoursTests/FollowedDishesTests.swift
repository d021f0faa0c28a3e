import DiningHours
import Testing

/// MENUS.md "Followed dishes": when a meal with a followed dish is announced, on the
/// made-up week (chicken tikka masala at Hill House's Dinner, 17:00–20:00, on
/// 2026-03-06 and 2026-03-09; pizza at 1920 Commons' Lunch and Hill House's Late Night).
@Suite struct FollowedDishesTests {
    let index: DishIndex

    init() throws { index = DishIndex(try MenuFixture.week()) }

    @Test func aFollowedDishIsDueFromTheLeadTimeUntilItsMealStarts() throws {
        let tikka = FollowedDishes(["chicken tikka masala"])
        let before = tikka.alerts(in: index, at: at("2026-03-06T16:29:59"))
        #expect(before.due.isEmpty && before.next == at("2026-03-06T16:30"))
        for instant in ["2026-03-06T16:30", "2026-03-06T16:45", "2026-03-06T16:59:59"] {
            let due = tikka.alerts(in: index, at: at(instant)).due
            #expect(due.count == 1, "\(instant)")
            let alert = try #require(due.first)
            #expect(alert.dish == "chicken tikka masala" && alert.menu.venueName == "Hill House" && alert.menu.service == "Dinner")
            #expect(alert.announceAt == at("2026-03-06T16:30") && alert.menu.start == at("2026-03-06T17:00"))
        }
        // At the start the meal is under way: nothing, and the next is the next week day's.
        let started = tikka.alerts(in: index, at: at("2026-03-06T17:00"))
        #expect(started.due.isEmpty && started.next == at("2026-03-09T16:30"))
        // After the last one in the data, nothing is coming.
        #expect(tikka.alerts(in: index, at: at("2026-03-09T17:00")) == ([], nil))
    }

    @Test func partOfTheNameFollowsButATypoDoesNot() {
        let now = at("2026-03-06T16:40")
        #expect(FollowedDishes(["Tikka Masala"]).alerts(in: index, at: now).due.map(\.dish) == ["chicken tikka masala"])
        #expect(FollowedDishes(["masala tikka"]).alerts(in: index, at: now).due.count == 1)
        // search --dish finds "tika" a typo away; an alert does not interrupt for it.
        #expect(!DishSearch("chicken tika masala").hits(in: index.menus).isEmpty)
        #expect(FollowedDishes(["chicken tika masala"]).alerts(in: index, at: now) == ([], nil))
    }

    @Test func eachMealWithTheDishIsItsOwnAlertInStartOrder() {
        let pizza = FollowedDishes(["pizza"], leadMinutes: 720)
        // From 10:00 with 12 hours' lead: Lunch at Commons (11:00), Late Night at Hill (22:00).
        let due = pizza.alerts(in: index, at: at("2026-03-06T10:00")).due
        #expect(due.map(\.dish) == ["Margherita pizza", "Pepperoni Pizza"])
        #expect(due.map(\.menu.venueID) == [593, 636])
        #expect(Set(due.map(\.key)).count == 2)
    }

    @Test func twoDishesOfOneMealAreTwoAlertsInTheOrderFollowed() {
        let both = FollowedDishes(["miso soup", "chicken tikka masala"])
        let due = both.alerts(in: index, at: at("2026-03-06T16:50")).due
        #expect(due.map(\.followed) == ["miso soup", "chicken tikka masala"])
        #expect(due.map(\.menu.service) == ["Dinner", "Dinner"] && due[0].key != due[1].key)
    }

    @Test func theNamesAreCleanedBoundedAndKeptOnce() {
        let names = FollowedDishes(["Chicken Tikka Masala", "chicken tikka masala!", "  ", "#", "\u{1b}]0;x\u{07}pizza"]).names
        #expect(names.count == 2 && names[0] == "Chicken Tikka Masala")
        #expect(!names[1].unicodeScalars.contains { $0.value < 0x20 })
        #expect(FollowedDishes((0..<100).map { "dish \($0)" }).names.count == FollowedDishes.limit)
        #expect(FollowedDishes([String(repeating: "é", count: 400)]).names[0].utf8.count <= FollowedDishes.nameLimit)
        #expect(FollowedDishes(["x"], leadMinutes: 0).lead == 60 && FollowedDishes(["x"], leadMinutes: 100_000).lead == 720 * 60)
        #expect(FollowedDishes(["Chicken Tikka Masala"]).follows("CHICKEN tikka-masala"))
    }

    @Test func nothingFollowedIsNothingDue() {
        #expect(FollowedDishes([]).alerts(in: index, at: at("2026-03-06T16:40")) == ([], nil))
        #expect(FollowedDishes(["tikka"]).alerts(in: .empty, at: at("2026-03-06T16:40")) == ([], nil))
    }

    @Test func anIndexMergedFromDatesAnswersAsOneBuiltWhole() throws {
        let days = try MenuFixture.weekDates.map { DishIndex(MenuBook(try MenuFixture.weekDay($0).menus)) }
        let merged = DishIndex(merging: days.reversed())
        let pizza = FollowedDishes(["pizza"], leadMinutes: 720)
        for instant in ["2026-03-05T00:00", "2026-03-07T21:00", "2026-03-11T12:00"] {
            #expect(pizza.alerts(in: merged, at: at(instant)) == pizza.alerts(in: index, at: at(instant)), "\(instant)")
        }
    }

    @Test func onTheRealBodyEachMealWithTheDishIsAnnounced() throws {
        let real = DishIndex(MenuBook(try MenuFixture.real().menus))
        let eggs = FollowedDishes(["scrambled eggs"]).alerts(in: real, at: at("2022-10-04T07:00"))
        #expect(eggs.due.map(\.dish) == ["cage-free scrambled eggs"] && eggs.due.first?.menu.venueName == "1920 Commons")
        // Rye bread is served at Lunch and at Dinner: two alerts, each 30 minutes before its meal.
        let rye = FollowedDishes(["rye bread"])
        #expect(rye.alerts(in: real, at: at("2022-10-04T10:00")) == ([], at("2022-10-04T10:30")))
        #expect(rye.alerts(in: real, at: at("2022-10-04T10:30")).due.map(\.menu.service) == ["Lunch"])
        #expect(rye.alerts(in: real, at: at("2022-10-04T11:00")).next == at("2022-10-04T16:30"))
    }
}
