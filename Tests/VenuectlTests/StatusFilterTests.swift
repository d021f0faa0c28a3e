import Foundation
import Testing

/// `--halls`, `--retail`, `--all`, `--near`: which venues, in which order, through the
/// real binary with `--data`. Filters combine; `--near` sorts and shows walking minutes.
@Suite struct StatusFilterTests {
    static let base = ["status", "--json", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T16:45"]
    static let halls = [593, 636, 637, 638, 747, 1442]
    /// Locust Walk at 37th Street.
    static let here = "39.9522,-75.1932"

    func ids(_ arguments: [String]) throws -> [Int] {
        let run = try VenuectlProcess.run(Self.base + arguments)
        #expect(run.code == 0, "\(run.stderr)")
        return run.venues.compactMap { $0["id"] as? Int }
    }

    @Test func hallsAndRetailFollowPennsOwnList() throws {
        #expect(try ids(["--halls"]) == Self.halls)
        let retail = try ids(["--retail"])
        #expect(retail.count == 9 && Set(retail).isDisjoint(with: Self.halls))
        #expect(try ids(["--halls", "--retail"]).count == 15, "both kinds is every venue")
    }

    @Test func filtersCombine() throws {
        #expect(try ids(["--retail", "--open-now"]) == [639, 641, 642, 1057, 1163, 1733])
        #expect(try ids(["--halls", "--open-now"]) == [747])
        #expect(try ids(["--halls", "hill"]) == [636])
        #expect(try ids(["--retail", "hill"]) == [])
        #expect(try ids(["--halls", "--open-now", "--all"]).count == 15, "--all clears the filters before it")
    }

    @Test func nearSortsByDistanceWithWalkingMinutesAndUnknownPlacesLast() throws {
        let run = try VenuectlProcess.run(Self.base + ["--near", Self.here])
        let venues = run.venues
        #expect(venues.count == 15)
        let distances = venues.map { $0["distance_m"] as? Int }
        let known = distances.compactMap { $0 }
        #expect(known.count == 13 && known == known.sorted(), "\(distances)")
        #expect(venues.suffix(2).map { $0["id"] as? Int } == [1464004, 1464009], "no coordinates: last, in feed order")
        #expect(venues.suffix(2).allSatisfy { $0["distance_m"] is NSNull && $0["walk_minutes"] is NSNull })
        #expect(venues.first?["id"] as? Int == 641 && venues.first?["walk_minutes"] as? Int == 2)
        let plain = try VenuectlProcess.run(["status", "--data", VenuectlProcess.fixture, "--at", "2023-09-18T16:45", "--near", Self.here, "--halls"])
        #expect(plain.stdout.contains("Nearest to 39.9522,-75.1932\n"))
        #expect(plain.stdout.contains("English House         closed    3 min walk (220 m)  opens at 5:00 PM for Dinner"), "\(plain.stdout)")
        let without = try VenuectlProcess.run(Self.base)
        #expect(without.venues.first?["distance_m"] == nil, "the HOURS.md §4 object is unchanged without --near")
    }

    @Test(arguments: ["north", "39.95", "39.95,-75.19,3", "a,b", "nan,0", "inf,0"])
    func aBadPointIsAUsageError(point: String) throws {
        let run = try VenuectlProcess.run(Self.base + ["--near", point])
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: --near takes LAT,LON in decimal degrees, e.g. 39.9522,-75.1932, not '\(point)' (see 'venuectl status --help')\n")
    }

    @Test(arguments: [("200,0", "latitude 200 is out of range (-90..90)"), ("91,0", "latitude 91 is out of range (-90..90)"),
                      ("39.95,-181", "longitude -181 is out of range (-180..180)"), ("0,180.5", "longitude 180.5 is out of range (-180..180)")])
    func aPointOffTheGlobeSaysWhichNumberIsOutOfRange(point: String, message: String) throws {
        let run = try VenuectlProcess.run(Self.base + ["--near", point])
        #expect(run.code == 2 && run.stdout.isEmpty)
        #expect(run.stderr == "venuectl: --near \(point): \(message) (see 'venuectl status --help')\n")
    }
}
