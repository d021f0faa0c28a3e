// Fuzz target `http_headers`: the response headers venued schedules its refreshes by
// (Cache-Control, Expires, Age, Date, Retry-After), read as HTTP-dates, delta-seconds
// and Cache-Control directives, then through RefreshPolicy after a success and after
// a failure. Input: the header values one a line, in that order, then Retry-After's
// Date; the first byte also picks the configured interval.
@testable import venued
import DiningHours

let probeNow = Instant(secondsSinceEpoch: 1_763_600_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { fuzzText(Array($0)) }
    func line(_ index: Int) -> String? { index < lines.count && !lines[index].isEmpty ? lines[index] : nil }
    for text in lines.prefix(6) {
        _ = HTTPDate.parse(text, now: probeNow)
        _ = DeltaSeconds.parse(text)
        _ = CacheControl(text).value(of: "max-age")
    }
    let headers = FreshnessHeaders(cacheControl: line(0), expires: line(1), age: line(2), date: line(3))
    let retryAfter = line(4).map { [RetryAfterHeader(value: $0, date: line(5))] } ?? []
    let interval = Int(bytes.first ?? 0) * 400
    let policy = RefreshPolicy(interval: interval)
    for outcome in [RefreshPolicy.Outcome.succeeded(headers), .failed(failures: Int(bytes.last ?? 1))] {
        for unit in [0, 0.5, 0.999_999] {
            let decision = policy.next(after: outcome, retryAfter: retryAfter, now: probeNow, unit: unit)
            _ = decision.reason.description
            // The bounds RefreshPolicy promises, whatever the headers say.
            let wait = decision.at - probeNow
            if wait < 1 || wait > max(policy.interval, RefreshPolicy.longestRetryAfter) * 11 / 10 + 1 { fatalError("wait \(wait)") }
        }
    }
    return 0
}
