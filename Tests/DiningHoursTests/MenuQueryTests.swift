import DiningHours
import Testing

/// MENUS.md "Questions": the current or next meal, a date's meals, the filters and the
/// dish search, on the made-up week (2026-03-05..11, New York).
@Suite struct MenuQueryTests {
    let book: MenuBook

    init() throws { book = try MenuFixture.week() }

    @Test func theMealBeingServedIsTheCurrentOne() {
        let lunch = book.currentOrNext(of: 593, at: at("2026-03-05T12:00"))
        #expect(lunch?.service == "Lunch" && lunch?.date == date("2026-03-05"))
    }

    @Test func betweenMealsItIsTheNextOne() {
        #expect(book.currentOrNext(of: 593, at: at("2026-03-05T10:45"))?.service == "Lunch")
        // A meal is over at its end, as the venues' intervals are.
        #expect(book.currentOrNext(of: 593, at: at("2026-03-05T14:30"))?.service == "Dinner")
    }

    @Test func afterTheLastMealOfTheDayItIsTheNextDatesFirst() {
        let next = book.currentOrNext(of: 593, at: at("2026-03-05T20:00"))
        #expect(next?.service == "Breakfast" && next?.date == date("2026-03-06"))
    }

    @Test func aMealPastMidnightIsStillCurrentAfterMidnight() {
        let late = book.currentOrNext(of: 636, at: at("2026-03-08T01:30"))
        #expect(late?.service == "Late Night" && late?.date == date("2026-03-07"))
        // 02:30 does not exist that night; 03:00 EDT is its end.
        #expect(book.currentOrNext(of: 636, at: at("2026-03-08T06:59:59Z"))?.date == date("2026-03-07"))
        #expect(book.currentOrNext(of: 636, at: at("2026-03-08T07:00:00Z"))?.service == "Brunch")
    }

    @Test func pastTheDataThereIsNoMealAndAVenueWithoutMenusHasNone() {
        #expect(book.currentOrNext(of: 636, at: at("2026-03-12T02:00")) == nil)
        #expect(book.currentOrNext(of: 1163, at: at("2026-03-05T12:00")) == nil)
        #expect(book.meals(of: 1442, on: date("2026-03-07")).isEmpty)
    }

    @Test func aDatesMealsAreThoseItFilesInTimeOrder() {
        #expect(book.meals(of: 593, on: date("2026-03-06")).map(\.service) == ["Breakfast", "Lunch", "Dinner"])
        #expect(book.meals(of: 636, on: date("2026-03-07")).map(\.service) == ["Brunch", "Dinner", "Late Night"])
        #expect(book.currentOrNext(of: 593, on: date("2026-03-06"), at: at("2026-03-06T21:00")) == nil)
        #expect(book.currentOrNext(of: 593, on: date("2026-03-07"), at: at("2026-03-06T21:00"))?.service == "Breakfast")
    }

    @Test func aDietKeepsItemsThatCarryItAndVeganImpliesVegetarian() throws {
        let lunch = try #require(book.currentOrNext(of: 593, at: at("2026-03-05T12:00")))
        let vegetarian = try MenuFilter(diets: ["vegetarian"], allergens: [], in: book).apply(to: lunch).menu
        #expect(vegetarian.stations.flatMap(\.items).map(\.name) == ["Margherita pizza", "garden salad"])
        let vegan = try MenuFilter(diets: ["Vegan"], allergens: [], in: book).apply(to: lunch).menu
        #expect(vegan.stations.map(\.name) == ["salad bar"])
    }

    @Test func withoutAnAllergenLeavesOutItemsThatContainItAndThoseNotKnown() throws {
        let breakfast = try #require(book.currentOrNext(of: 593, at: at("2026-03-05T08:00")))
        let (kept, unknown) = try MenuFilter(diets: [], allergens: ["milk"], in: book).apply(to: breakfast)
        // Turkey bacon has no allergen data: unknown, never free of milk.
        #expect(kept.stations.flatMap(\.items).map(\.name) == ["scrambled eggs"])
        #expect(unknown.map(\.name) == ["turkey bacon"])
        let dinner = try #require(book.meals(of: 636, on: date("2026-03-06")).first { $0.service == "Dinner" })
        let askUs = try MenuFilter(diets: [], allergens: ["peanut"], in: book).apply(to: dinner)
        #expect(askUs.unknown.map(\.name) == ["miso soup"] && askUs.menu.stations.map(\.name) == ["flavors"])
    }

    @Test func withoutFiltersUnknownItemsAreListedWithTheRest() throws {
        let breakfast = try #require(book.currentOrNext(of: 593, at: at("2026-03-05T08:00")))
        let (kept, unknown) = MenuFilter.none.apply(to: breakfast)
        #expect(kept == breakfast && unknown.isEmpty)
    }

    @Test func filterNamesAreTheDatasAndAliasesAndPluralsReachThem() throws {
        #expect(try MenuFilter(diets: [], allergens: ["Wheat", "dairy", "tree nuts", "peanuts", "sulfites"], in: book).allergens
            == ["gluten", "milk", "tree-nut", "peanut", "sulfites"])
        #expect(try MenuFilter(diets: ["seafood watch", "HALAL"], allergens: [], in: book).diets == ["seafood-watch", "halal"])
    }

    @Test func aFilterNameTheDataNeverUsesIsAnErrorListingTheKnownNames() {
        #expect(throws: MenuFilterError.unknownName(flag: "--without", name: "shellfish",
                                                    known: ["egg", "fish", "gluten", "milk", "peanut", "sesame", "soy", "sulfites", "tree-nut"])) {
            try MenuFilter(diets: [], allergens: ["shellfish"], in: book)
        }
        #expect(throws: MenuFilterError.unknownName(flag: "--diet", name: "kosher",
                                                    known: ["farm-to-fork", "halal", "seafood-watch", "sulfites", "vegan", "vegetarian"])) {
            try MenuFilter(diets: ["kosher"], allergens: [], in: book)
        }
        #expect(throws: MenuFilterError.self) { try MenuFilter(diets: ["gluten"], allergens: [], in: book) }
        #expect("\(MenuFilterError.unknownName(flag: "--diet", name: "keto\u{1B}", known: ["vegan"]))"
            == "--diet 'keto\\u{1B}' is not a label of these menus: the menus use vegan")
    }

    @Test func dishSearchIsFuzzyAndSoonestFirst() {
        let hits = DishSearch("tikka masala").hits(in: book.menus)
        #expect(hits.map { "\($0.menu.date) \($0.menu.venueName) \($0.menu.service)" }
            == ["2026-03-06 Hill House Dinner", "2026-03-09 Hill House Dinner"])
        #expect(hits.allSatisfy { $0.match == .wordPrefix })
        let typo = DishSearch("pepperoni piza").hits(in: book.menus.filter { $0.date == date("2026-03-05") })
        #expect(typo.map(\.item.name) == ["Pepperoni Pizza"])
        let pizza = DishSearch("pizza").hits(in: book.menus.filter { $0.date == date("2026-03-05") })
        #expect(pizza.map(\.item.name) == ["Margherita pizza", "Pepperoni Pizza"])
        #expect(DishSearch("").hits(in: book.menus).isEmpty && DishSearch("zzzzzz").hits(in: book.menus).isEmpty)
    }
}
