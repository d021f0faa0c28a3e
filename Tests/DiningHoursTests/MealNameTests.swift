import DiningHours
import Testing

/// MENUS.md "Questions", `--meal NAME`: a whole name wins, else a prefix that names one
/// meal; a prefix of several is refused with their names, never resolved by picking one.
@Suite struct MealNameTests {
    /// Thu Mar 5 at one venue: the five meals a prefix can confuse.
    let meals = [("Breakfast", "07:30"), ("Lunch", "11:00"), ("Lunch Special", "11:30"), ("Dinner", "17:00"), ("Late Night", "22:00")]
        .map { service, start in
            Menu(venueID: 593, venueName: "1920 Commons", date: date("2026-03-05"), service: service,
                 start: at("2026-03-05T\(start)"), end: at("2026-03-05T\(start)") + 3600, stations: [])
        }

    func chosen(_ name: String, among meals: [Menu]? = nil) throws -> [String] {
        try MealName.select(name, among: meals ?? self.meals).map(\.service)
    }

    @Test func aWholeNameWinsOverTheLongerNamesItBegins() throws {
        #expect(try chosen("lunch") == ["Lunch"])
        #expect(try chosen("LUNCH special") == ["Lunch Special"])
    }

    @Test func aPrefixOfOneMealIsThatMeal() throws {
        #expect(try chosen("din") == ["Dinner"])
        #expect(try chosen("late") == ["Late Night"])
    }

    @Test func caseAndAccentsAreAside() throws {
        #expect(try chosen("dînner") == ["Dinner"])
        #expect(try chosen("bréak") == ["Breakfast"])
    }

    @Test func aPrefixOfSeveralMealsIsRefusedWithTheirNamesByStart() {
        #expect(throws: MealName.Mismatch.ambiguous(name: "l", matches: ["Lunch", "Lunch Special", "Late Night"])) {
            try MealName.select("l", among: meals)
        }
        #expect(throws: MealName.Mismatch.ambiguous(name: "lun", matches: ["Lunch", "Lunch Special"])) {
            try MealName.select("lun", among: meals)
        }
    }

    @Test func twoMealsOfOneNameAreOneChoice() throws {
        let twice = meals + [Menu(venueID: 593, venueName: "1920 Commons", date: date("2026-03-05"), service: "late night",
                                  start: at("2026-03-05T23:30"), end: at("2026-03-06T01:00"), stations: [])]
        #expect(try chosen("late", among: twice) == ["Late Night", "late night"])
    }

    @Test func aNameOfNoMealListsTheDatesMeals() {
        #expect(throws: MealName.Mismatch.unknown(name: "brunch", known: ["Breakfast", "Lunch", "Lunch Special", "Dinner", "Late Night"])) {
            try MealName.select("brunch", among: meals)
        }
    }

    @Test func aDateWithoutMealsChoosesNothingAndBlamesNoName() throws {
        #expect(try chosen("brunch", among: []) == [])
    }
}
