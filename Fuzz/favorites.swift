// Fuzz target `favorites`: the favorites file (one venue id a line, `dish: NAME` lines,
// `#` comments), read by Favorites.load as `venuectl favorites` and `status --favorites`
// read it; what it read is written back (`favorites add --dish`) and must read back the
// same, with every dish a clean line within `FollowedDishes`' bounds.
@testable import DiningHours
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar
@testable import VenuedProtocol
@testable import VenuectlApp

let path = fuzzScratch + "/favorites"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzWrite(fuzzBytes(data, size), to: path)
    guard var favorites = try? Favorites.load(path) else { return 0 }
    precondition(favorites.dishes.count <= FollowedDishes.limit, "more dishes than the limit")
    for dish in favorites.dishes {
        precondition(dish.utf8.count <= FollowedDishes.nameLimit && !dish.contains("#") && !dish.contains("\n"), "a dish the file cannot hold: \(dish.debugDescription)")
    }
    let written = try? Favorites.update(path, names: [:]) { (file: inout Favorites) throws(AnswerError) in
        file.follow(String(decoding: fuzzBytes(data, min(size, 40)), as: UTF8.self))
        return file
    }
    if let written {
        let reread = try? Favorites.load(path)
        precondition(reread == written, "what was written reads back differently")
    }
    for id in favorites.ids.prefix(4) { favorites.remove(id) }
    return 0
}
