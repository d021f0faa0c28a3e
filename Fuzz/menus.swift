// Fuzz target `menus`: MenuDecoder (JSON parser, per-element checks, limits, offsets and
// the meal past midnight in America/New_York) on arbitrary bytes; when menus come out,
// every question `menu` and `search --dish` ask of them: the current or next meal and a
// date's meals of each venue, the filters by every label the data uses, a dish search
// by each item's name, and what `menu` and `search --dish` print of the answers. Traps
// when a decoded text or a printed line keeps a control or a bidi override, or a meal
// ends before it starts.
@testable import DiningHours
@testable import VenueReports

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let zone = fuzzZone, let document = try? MenuDecoder.decode(fuzzBytes(data, size), zone: zone) else { return 0 }
    let book = MenuBook(document.menus)
    for menu in book.menus {
        precondition(menu.start < menu.end, "a meal that ends before it starts")
        for text in [menu.venueName, menu.service] + menu.stations.flatMap({ [$0.name] + $0.items.flatMap(menuTexts) }) {
            precondition(!text.unicodeScalars.contains(where: unsafeInMenus), "a control or bidi override survived: \(text.debugDescription)")
        }
    }
    let diets = book.labelNames([.diet, .other]), allergens = book.labelNames([.allergen, .other])
    let filter = try? MenuFilter(diets: Array(diets.prefix(1)), allergens: allergens, in: book)
    for venue in book.venues.prefix(8) {
        for menu in book.menus.prefix(4) {
            _ = book.currentOrNext(of: venue.id, at: menu.start)
            _ = book.currentOrNext(of: venue.id, on: menu.date, at: menu.end)
            for meal in book.meals(of: venue.id, on: menu.date) { _ = filter?.apply(to: meal) }
        }
    }
    var printed: [String] = []
    for venue in book.venues.prefix(3) {
        for selection in [MenuReport.Selection.currentOrNext] + book.menus.prefix(2).map({ .date($0.date, meal: nil, all: true) }) {
            guard let report = try? MenuReport(book: book, venueID: venue.id, venueName: venue.name, at: book.menus.first?.start ?? Instant(secondsSinceEpoch: 0),
                                               zone: zone, selection: selection, filter: filter ?? .none) else { continue }
            printed += [MenuText(report: report, userZone: "UTC").render(), MenuJSON.render(report)]
        }
    }
    for item in book.menus.prefix(4).flatMap({ $0.stations.prefix(2).flatMap { $0.items.prefix(2) } }) {
        let report = DishReport(query: item.name, at: book.menus.first?.start ?? Instant(secondsSinceEpoch: 0), zone: zone,
                                hits: DishSearch(item.name).hits(in: book.menus))
        printed += [report.text(), report.json()]
    }
    // Followed dishes: each of a few items' names, announced from 12 hours before.
    let index = DishIndex(book)
    let followed = FollowedDishes(book.menus.prefix(3).flatMap { $0.stations.prefix(1).flatMap { $0.items.prefix(1).map(\.name) } }, leadMinutes: 720)
    for menu in book.menus.prefix(4) {
        let alerts = followed.alerts(in: index, at: menu.start - 600)
        for alert in alerts.due {
            precondition(alert.announceAt <= menu.start - 600 && menu.start - 600 < alert.menu.start, "an alert not due")
            printed.append(DishAlertText.line(alert, zone: zone, at: menu.start))
            printed.append(JSONText.object(DishAlertText.members(alert, zone: zone, at: menu.start)))
        }
        if let next = alerts.next { precondition(next > menu.start - 600, "a next alert in the past") }
    }
    for text in printed {
        for line in text.split(separator: "\n") {
            precondition(!line.unicodeScalars.contains(where: unsafeInMenus), "a control or bidi override printed: \(line.debugDescription)")
        }
    }
    return 0
}

private func menuTexts(_ item: MenuItem) -> [String] {
    var texts = [item.name, item.description] + item.ingredients + item.labels.flatMap { [$0.label, $0.tag, $0.name] }
    switch item.nutrition {
    case .none: break
    case .text(let text): texts.append(text)
    case .facts(let facts): texts += facts.flatMap { [$0.name, $0.value] }
    }
    return texts
}

/// C0 and C1 controls, DEL, the line and paragraph separators, and the bidi embeddings,
/// overrides and isolates: what `UntrustedText.singleLine` removes or replaces (listed
/// here, not called, so the check is its own).
private func unsafeInMenus(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    default: return false
    }
}
