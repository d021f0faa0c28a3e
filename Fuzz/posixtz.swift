// Fuzz target `posixtz`: a POSIX TZ rule (the closing line of a TZif file, e.g.
// `EST5EDT,M3.2.0,M11.1.0`), then its offsets from year 1 to year 9999 and its
// switches in a few years.
@testable import DiningHours

let probes: [Int] = [-62_135_596_800, 0, 1_695_052_800, 4_102_444_800, 253_402_300_799]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let rule = PosixTZ(parsing: fuzzText(fuzzBytes(data, size))) else { return 0 }
    for t in probes { _ = rule.offset(at: t) }
    for year in [1, 1970, 2024, 2100, 9999] { _ = rule.transitions(year: year) }
    return 0
}
