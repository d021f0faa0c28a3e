// Fuzz target `tzif`: a zone file of the tz database (TZif, RFC 8536, with its closing
// POSIX rule) read into ZoneRules as venued and venuectl read /usr/share/zoneinfo,
// then asked the offsets and instants callers ask: from year 1 to year 9999 (`--at`
// takes any four-digit year).
@testable import DiningHours

let probes: [Int] = [-62_135_596_800, -2_208_988_800, 0, 1_695_052_800, 4_102_444_800, 4_200_000_000, 253_402_300_799]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let rules = try? ZoneRules(identifier: "Fuzz/Zone", tzif: fuzzBytes(data, size)) else { return 0 }
    for t in probes {
        let instant = Instant(secondsSinceEpoch: t)
        let local = rules.localDateTime(of: instant)
        _ = rules.instant(for: local)
        _ = rules.iso8601(instant)
    }
    return 0
}
