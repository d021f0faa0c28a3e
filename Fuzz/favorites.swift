// Fuzz target `favorites`: the favorites file (one venue id a line, `#` comments),
// read by Favorites.load as `venuectl favorites` and `status --favorites` read it.
@testable import VenuedSystem
@testable import VenueReports
@testable import VenuectlGrammar
@testable import VenuedProtocol
@testable import VenuectlApp

let path = fuzzScratch + "/favorites"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzWrite(fuzzBytes(data, size), to: path)
    if var favorites = try? Favorites.load(path) {
        for id in favorites.ids.prefix(4) { favorites.remove(id) }
    }
    return 0
}
