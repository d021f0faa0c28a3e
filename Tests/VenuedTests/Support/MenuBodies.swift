import DiningHours

/// Menus bodies in Penn's shape (docs/MENUS.md, "The data") for a week of dates around
/// today: one venue, a Lunch, and a dish named after its date, so that a test can tell
/// which date's body it was served. The venue is the feed's (`Feeds.current`, id 593).
enum MenuBodies {
    static var today: LocalDate { Feeds.today }

    /// The dates a menus round asks for: today and the next 6.
    static var week: [LocalDate] { (0...6).map { today.adding(days: $0) } }

    static func dish(on date: LocalDate) -> String { "pizza of \(date)" }

    static func day(_ date: LocalDate) -> [UInt8] {
        Array("""
        [{"id":1,"venue":{"venue_id":593,"name":"Test Commons","image_url":""},"date":"\(date)","service":"Lunch",
          "start_time":"\(date)T11:00:00","end_time":"\(date)T14:00:00",
          "stations":[{"name":"grill","items":[{"item_id":7,"name":"\(dish(on: date))","description":"",
            "ingredients":"flour, cheese","allergens":"Vegetarian, Milk","nutrition_info":{"Calories":"300"}}]}]}]
        """.utf8)
    }

    /// Serves every date of the week from `server`, under `/menus/YYYY-MM-DD/`.
    static func serveWeek(_ server: ScriptedHTTPServer) {
        for date in week { server.set(path(date), .init(body: day(date))) }
    }

    static func path(_ date: LocalDate) -> String { "/menus/\(date)/" }

    /// The GETs `server` received for menus.
    static func requests(_ server: ScriptedHTTPServer) -> Int {
        server.requests.filter { $0.path.hasPrefix("/menus/") }.count
    }
}
