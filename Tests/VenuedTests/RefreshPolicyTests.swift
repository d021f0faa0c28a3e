import Testing
import DiningHours
@testable import venued

/// 2025-11-20T00:53:20Z; any instant would do.
private let now = Instant(secondsSinceEpoch: 1_763_600_000)
/// RFC 9110's example date, `Sun, 06 Nov 1994 08:49:37 GMT`.
private let rfcExample = Instant(secondsSinceEpoch: 784_111_777)

@Suite struct HTTPDateRule {
    @Test func readsTheThreeFormsOfRFC9110() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == rfcExample)
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == rfcExample)
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994", now: now) == rfcExample)
        #expect(HTTPDate.parse("Wed Nov 16 08:49:37 1994", now: now) == rfcExample + 10 * 86_400)
    }

    @Test func namesAreReadInAnyCase() {
        #expect(HTTPDate.parse("SUN, 06 NOV 1994 08:49:37 GMT", now: now) == rfcExample)
        #expect(HTTPDate.parse("sunday, 06-nov-94 08:49:37 GMT", now: now) == rfcExample)
    }

    @Test func aTwoDigitYearIsNeverMoreThanFiftyYearsAhead() {
        // now is in 2025: 75 is 2075 (50 years ahead), 76 is 1976.
        #expect(HTTPDate.parse("Tuesday, 01-Jan-75 00:00:00 GMT", now: now) == Instant(secondsSinceEpoch: 3_313_526_400))
        #expect(HTTPDate.parse("Thursday, 01-Jan-76 00:00:00 GMT", now: now) == Instant(secondsSinceEpoch: 189_302_400))
        #expect(HTTPDate.parse("Wednesday, 01-Jan-25 00:00:00 GMT", now: now) == Instant(secondsSinceEpoch: 1_735_689_600))
    }

    @Test func leapDaysAndLeapSeconds() {
        #expect(HTTPDate.parse("Sat, 29 Feb 2020 00:00:00 GMT", now: now) == Instant(secondsSinceEpoch: 1_582_934_400))
        #expect(HTTPDate.parse("Fri, 29 Feb 2019 00:00:00 GMT", now: now) == nil)
        #expect(HTTPDate.parse("Sat, 31 Dec 2016 23:59:60 GMT", now: now) == Instant(secondsSinceEpoch: 1_483_228_800))
    }

    @Test func theEdgesOfFourDigitYearsNeitherTrapNorOverflow() {
        #expect(HTTPDate.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == Instant(secondsSinceEpoch: 253_402_300_799))
        #expect(HTTPDate.parse("Sat, 01 Jan 0000 00:00:00 GMT", now: now) == Instant(secondsSinceEpoch: -62_167_219_200))
    }

    @Test func anythingElseIsNotADate() {
        for text in ["", "0", "-1", "now", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 UTC",
                     "Sun, 06 Nov 1994 08:49:37 GMT ", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT",
                     "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT", "Sun, 06 Nov 1994 08:49:61 GMT",
                     "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nox 1994 08:49:37 GMT",
                     "Sunday, 06 Nov 1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT", "Sun Nov 6 08:49:37 1994",
                     "Sun, -6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov +994 08:49:37 GMT", "Sün, 06 Nov 1994 08:49:37 GMT",
                     "Sun, 06 Nov 1994 08:49:37 GMT\u{0}", "1994-11-06T08:49:37Z", String(repeating: "Sun, ", count: 1000)] {
            #expect(HTTPDate.parse(text, now: now) == nil, "\(text)")
        }
    }
}

@Suite struct DeltaSecondsRule {
    @Test func digitsOnlyWithBlanksAround() {
        #expect(DeltaSeconds.parse("120") == 120)
        #expect(DeltaSeconds.parse(" 0 ") == 0)
        #expect(DeltaSeconds.parse("007") == 7)
        for text in ["", " ", "-5", "+5", "1.5", "12 3", "0x10", "1e3", "١٢٣", "12a"] {
            #expect(DeltaSeconds.parse(text) == nil, "\(text)")
        }
    }

    @Test func aNumberTooLargeCountsAsTwoToTheThirtyFirst() {
        #expect(DeltaSeconds.parse("2147483648") == 1 << 31)
        #expect(DeltaSeconds.parse("99999999999999999999999999999999999999999999") == 1 << 31)
        #expect(DeltaSeconds.parse(String(repeating: "9", count: 10_000)) == 1 << 31)
    }
}

@Suite struct ServerLifetimeRule {
    func lifetime(_ cacheControl: String? = nil, expires: String? = nil, age: String? = nil, date: String? = nil) -> ServerLifetime {
        FreshnessHeaders(cacheControl: cacheControl, expires: expires, age: age, date: date).lifetime(receivedAt: now)
    }

    @Test func maxAgeIsTheLifetime() {
        #expect(lifetime("max-age=43200") == .maxAge(43200, age: 0))
        #expect(lifetime("public, MAX-AGE=43200, immutable") == .maxAge(43200, age: 0))
        #expect(lifetime(#"max-age="600""#) == .maxAge(600, age: 0))
        #expect(lifetime(" max-age = 600 ") == .maxAge(600, age: 0))
    }

    @Test func theFirstOfRepeatedMaxAgesCounts() {
        #expect(lifetime("max-age=60, max-age=7200") == .maxAge(60, age: 0))
    }

    @Test func ageIsSpentLifetime() {
        #expect(lifetime("max-age=43200", age: "43000").remaining == 200)
        #expect(lifetime("max-age=43200", age: "50000").remaining == 0)
        #expect(lifetime("max-age=43200", age: "100, 200") == .maxAge(43200, age: 100))
        #expect(lifetime("max-age=43200", age: "99999999999999999999").remaining == 0)
        // An unreadable Age is ignored (RFC 9111 5.1).
        #expect(lifetime("max-age=43200", age: "-5") == .maxAge(43200, age: 0))
        #expect(lifetime("max-age=43200", age: "soon") == .maxAge(43200, age: 0))
    }

    @Test func noStoreAndNoCacheRefuseAnyLifetime() {
        #expect(lifetime("no-cache") == .refused("no-cache"))
        #expect(lifetime("private, no-store, max-age=3600") == .refused("no-store"))
        #expect(lifetime(#"no-cache="Set-Cookie", max-age=3600"#) == .refused("no-cache"))
        #expect(lifetime("NO-CACHE", expires: "Sun, 06 Nov 1994 08:49:37 GMT") == .refused("no-cache"))
    }

    @Test func mustRevalidateDoesNotShortenTheLifetime() {
        // venued always revalidates (its GET is conditional); must-revalidate is about stale copies.
        #expect(lifetime("max-age=43200, must-revalidate") == .maxAge(43200, age: 0))
    }

    @Test func sMaxageIsForSharedCachesOnly() {
        #expect(lifetime("s-maxage=43200") == .unstated)
        #expect(lifetime("s-maxage=43200, max-age=600") == .maxAge(600, age: 0))
    }

    @Test func anUnreadableMaxAgeIsStaleAndExpiresDoesNotStandIn() {
        for value in ["max-age=abc", "max-age=", "max-age", "max-age=-1", "max-age=4 3200", "max-age=1.5", #"max-age="60"0"#, #"max-age="6\"#] {
            guard case .unreadable = lifetime(value, expires: "Fri, 31 Dec 9999 23:59:59 GMT") else {
                Issue.record("\(value) read as \(lifetime(value))")
                continue
            }
        }
    }

    @Test func aHugeMaxAgeIsTwoToTheThirtyFirst() {
        #expect(lifetime("max-age=999999999999999999999999999") == .maxAge(1 << 31, age: 0))
    }

    @Test func quotesKeepCommasAndDirectivesInside() {
        #expect(lifetime(#"ext="a, max-age=5, no-cache", max-age=100"#) == .maxAge(100, age: 0))
        #expect(lifetime(#"ext="no-store""#) == .unstated)
        // An unterminated quote swallows the rest: nothing after it is a directive.
        #expect(lifetime(#"max-age=100, ext="open, no-store"#) == .maxAge(100, age: 0))
    }

    @Test func garbageIsNoLifetime() {
        for value in ["", ",,,", "=", "==60", "max age=60", "\u{0}", "🙂=1", String(repeating: "a,", count: 5000)] {
            #expect(lifetime(value).remaining == 0, "\(value)")
        }
    }

    @Test func expiresMinusDate() {
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        #expect(lifetime(expires: "Sun, 06 Nov 1994 09:49:37 GMT", date: date) == .expires(3600, age: 0))
        #expect(lifetime(expires: "Sun, 06 Nov 1994 09:49:37 GMT", age: "600", date: date).remaining == 3000)
        #expect(lifetime(expires: "Sun, 06 Nov 1994 07:49:37 GMT", date: date) == .expires(-3600, age: 0))
        #expect(lifetime(expires: "Sun, 06 Nov 1994 07:49:37 GMT", date: date).remaining == 0)
    }

    @Test func expiresWithoutAReadableDateIsMeasuredFromArrival() {
        let inAnHour = "Thu, 20 Nov 2025 01:53:20 GMT"
        #expect(lifetime(expires: inAnHour) == .expires(3600, age: 0))
        #expect(lifetime(expires: inAnHour, date: "yesterday") == .expires(3600, age: 0))
    }

    @Test func anUnreadableExpiresHasAlreadyExpired() {
        #expect(lifetime(expires: "0") == .expires(0, age: 0))
        #expect(lifetime(expires: "-1", date: "Sun, 06 Nov 1994 08:49:37 GMT") == .expires(0, age: 0))
    }

    @Test func datesAtTheEdgesOfTime() {
        #expect(lifetime(expires: "Fri, 31 Dec 9999 23:59:59 GMT", date: "Sat, 01 Jan 0000 00:00:00 GMT")
            == .expires(253_402_300_799 + 62_167_219_200, age: 0))
        #expect(lifetime(expires: "Sat, 01 Jan 0000 00:00:00 GMT", date: "Fri, 31 Dec 9999 23:59:59 GMT").remaining == 0)
    }

    @Test func maxAgeWinsOverExpires() {
        #expect(lifetime("max-age=60", expires: "Fri, 31 Dec 9999 23:59:59 GMT") == .maxAge(60, age: 0))
    }
}

@Suite struct RetryAfterRule {
    @Test func deltaSecondsAreSecondsFromNow() {
        #expect(RetryAfterHeader(value: "120").delay(receivedAt: now) == 120)
        #expect(RetryAfterHeader(value: "0").delay(receivedAt: now) == 0)
    }

    @Test func aDateIsMeasuredFromTheResponsesDateNotTheLocalClock() {
        let header = RetryAfterHeader(value: "Sun, 06 Nov 1994 08:54:37 GMT", date: "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(header.delay(receivedAt: now) == 300)
        #expect(RetryAfterHeader(value: "Thu, 20 Nov 2025 00:55:20 GMT").delay(receivedAt: now) == 120)
    }

    @Test func aDatePastIsNoWait() {
        #expect(RetryAfterHeader(value: "Sun, 06 Nov 1994 08:49:37 GMT").delay(receivedAt: now) == 0)
    }

    @Test func garbageIsNoRetryAfter() {
        for value in ["", "-120", "soon", "1.5", "120s", "Sun, 06 Nov 1994"] {
            #expect(RetryAfterHeader(value: value).delay(receivedAt: now) == nil, "\(value)")
        }
    }
}

@Suite struct RefreshPolicyRule {
    let policy = RefreshPolicy(interval: 900)

    func afterSuccess(_ cacheControl: String? = nil, expires: String? = nil, retryAfter: [String] = [], unit: Double = 0)
        -> RefreshPolicy.Decision {
        policy.next(after: .succeeded(FreshnessHeaders(cacheControl: cacheControl, expires: expires)),
                    retryAfter: retryAfter.map { RetryAfterHeader(value: $0) }, now: now, unit: unit)
    }

    func afterFailure(_ failures: Int, retryAfter: [String] = [], unit: Double = 0) -> RefreshPolicy.Decision {
        policy.next(after: .failed(failures: failures), retryAfter: retryAfter.map { RetryAfterHeader(value: $0) }, now: now, unit: unit)
    }

    @Test func withoutServerHeadersTheIntervalAfterASuccess() {
        let decision = afterSuccess()
        #expect(decision == .init(at: now + 900, reason: .interval(.unstated)))
        #expect(decision.reason.description == "interval")
    }

    @Test func aLongerServerLifetimeIsObeyed() {
        let decision = afterSuccess("max-age=3600")
        #expect(decision == .init(at: now + 3600, reason: .server(.maxAge(3600, age: 0), cappedAt: nil)))
        #expect(decision.reason.description == "server max-age 3600 s")
        #expect(afterSuccess(expires: "Thu, 20 Nov 2025 02:53:20 GMT").at == now + 7200)
    }

    @Test func theServerLifetimeIsCappedAtSixHours() {
        let decision = afterSuccess("max-age=43200")
        #expect(decision == .init(at: now + 21_600, reason: .server(.maxAge(43200, age: 0), cappedAt: 21_600)))
        #expect(decision.reason.description == "server max-age 43200 s, capped at 21600 s")
        #expect(afterSuccess("max-age=21600").reason == .server(.maxAge(21_600, age: 0), cappedAt: nil))
        #expect(afterSuccess("max-age=21601").at == now + 21_600)
        #expect(afterSuccess("max-age=99999999999999999999").at == now + 21_600)
        #expect(afterSuccess(expires: "Fri, 31 Dec 9999 23:59:59 GMT").at == now + 21_600)
    }

    @Test func theServerCannotMakeVenuedAskMoreOftenThanConfigured() {
        #expect(afterSuccess("max-age=900") == .init(at: now + 900, reason: .interval(.maxAge(900, age: 0))))
        #expect(afterSuccess("max-age=901").at == now + 901)
        let shorter = afterSuccess("max-age=300")
        #expect(shorter.at == now + 900)
        #expect(shorter.reason.description == "interval (server: max-age 300 s, not longer)")
        #expect(afterSuccess("max-age=0").at == now + 900)
        #expect(afterSuccess(expires: "Thu, 01 Jan 1970 00:00:00 GMT").at == now + 900)
    }

    @Test func noCacheAndUnreadableLifetimesGiveTheInterval() {
        let refused = afterSuccess("no-cache, max-age=43200")
        #expect(refused == .init(at: now + 900, reason: .interval(.refused("no-cache"))))
        #expect(refused.reason.description == "interval (server: no-cache)")
        #expect(afterSuccess("max-age=twelve hours").reason.description == "interval (server: unreadable max-age=twelve hours)")
    }

    @Test func anIntervalLongerThanSixHoursStays() {
        let daily = RefreshPolicy(interval: 86_400)
        let decision = daily.next(after: .succeeded(FreshnessHeaders(cacheControl: "max-age=43200")), now: now, unit: 0)
        #expect(decision == .init(at: now + 86_400, reason: .interval(.maxAge(43200, age: 0))))
        #expect(daily.next(after: .succeeded(FreshnessHeaders(cacheControl: "max-age=172800")), now: now, unit: 0).at == now + 86_400)
    }

    @Test func jitterAddsUpToATenthNeverSubtracts() {
        #expect(afterSuccess(unit: 0.5).at == now + 945)
        #expect(afterSuccess("max-age=43200", unit: 0.5).at == now + 21_600 + 1080)
        for step in 0..<100 {
            let unit = Double(step) / 100
            for (decision, base) in [(afterSuccess(unit: unit), 900), (afterSuccess("max-age=7200", unit: unit), 7200)] {
                #expect(decision.at - now >= base && decision.at - now <= base + base / 10)
            }
        }
    }

    @Test func aUnitOutsideZeroToOneCountsAsZero() {
        for unit in [Double.nan, .infinity, -.infinity, -0.5, 1, 7] {
            #expect(afterSuccess("max-age=3600", unit: unit).at == now + 3600)
            #expect(afterFailure(3, unit: unit).at == now + 1)
        }
    }

    @Test func afterAFailureTheBackoff() {
        #expect(afterFailure(1, unit: 0.5) == .init(at: now + 15, reason: .backoff(failures: 1)))
        #expect(afterFailure(4, unit: 0.5).at == now + 120)
        #expect(afterFailure(20, unit: 0.999_999).at == now + 900)
        #expect(afterFailure(1, unit: 0).at == now + 1)
        #expect(afterFailure(0, unit: 0.5).reason == .backoff(failures: 1))
        #expect(afterFailure(Int.max, unit: 0.5).at == now + 450)
        #expect(afterFailure(2).reason.description == "backoff after 2 failed refreshes")
    }

    @Test func neverBeforeRetryAfter() {
        let decision = afterFailure(1, retryAfter: ["120"])
        #expect(decision == .init(at: now + 120, reason: .retryAfter(120, cappedAt: nil)))
        #expect(decision.reason.description == "Retry-After 120 s")
        // Jitter on top: many clients told "120" at once do not come back in the same second.
        #expect(afterFailure(1, retryAfter: ["120"], unit: 0.5).at == now + 126)
        #expect(afterFailure(1, retryAfter: ["Thu, 20 Nov 2025 01:53:20 GMT"]).at == now + 3600)
    }

    @Test func aRetryAfterShorterThanTheBackoffChangesNothing() {
        #expect(afterFailure(6, retryAfter: ["5"], unit: 0.5) == .init(at: now + 450, reason: .backoff(failures: 6)))
        #expect(afterFailure(6, retryAfter: ["Sun, 06 Nov 1994 08:49:37 GMT"], unit: 0.5).reason == .backoff(failures: 6))
    }

    @Test func theLatestOfSeveralRetryAftersCounts() {
        #expect(afterFailure(1, retryAfter: ["120", "garbage", "600", "30"]).at == now + 600)
    }

    @Test func retryAfterIsCappedAtADay() {
        let decision = afterFailure(1, retryAfter: ["604800"])
        #expect(decision == .init(at: now + 86_400, reason: .retryAfter(604_800, cappedAt: 86_400)))
        #expect(decision.reason.description == "Retry-After 604800 s, capped at 86400 s")
        #expect(afterFailure(1, retryAfter: ["9999999999999999999999"]).at == now + 86_400)
        #expect(afterFailure(1, retryAfter: ["Fri, 31 Dec 9999 23:59:59 GMT"]).at == now + 86_400)
    }

    @Test func unreadableRetryAfterIsIgnored() {
        for value in ["", "-120", "soon", "0x78", "Sun, 06 Nov 1994"] {
            #expect(afterFailure(1, retryAfter: [value], unit: 0.5).reason == .backoff(failures: 1), "\(value)")
        }
    }

    @Test func aSuccessAfterARetryAfterStillWaitsForIt() {
        // The primary said 503 Retry-After; the backup answered. The next chain asks the primary first.
        let decision = afterSuccess("max-age=3600", retryAfter: ["7200"])
        #expect(decision == .init(at: now + 7200, reason: .retryAfter(7200, cappedAt: nil)))
        #expect(afterSuccess("max-age=3600", retryAfter: ["60"]).reason == .server(.maxAge(3600, age: 0), cappedAt: nil))
    }

    @Test func theIntervalIsClampedToWhatTheConfigAllows() {
        #expect(RefreshPolicy(interval: 0).interval == 1)
        #expect(RefreshPolicy(interval: -5).interval == 1)
        #expect(RefreshPolicy(interval: .max).interval == 86_400)
        #expect(RefreshPolicy(interval: .min).next(after: .failed(failures: .max), now: now, unit: 0.999).at == now + 1)
    }

    /// Whatever the headers hold, the next refresh is between a second and a day and a tenth away.
    @Test func hostileHeadersStayInBounds() {
        var generator = SplitMix64(seed: 0x5eed)
        let pieces = ["max-age=", "no-cache", "s-maxage=", ",", "\"", "\\", "=", " ", "-", "9999999999999999999999", "0",
                      "43200", "Sun, 06 Nov 1994 08:49:37 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "GMT", "\u{0}", "é"]
        func hostile() -> String? {
            generator.next() % 5 == 0 ? nil : (0..<Int(generator.next() % 8)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
        }
        for _ in 0..<2000 {
            let headers = FreshnessHeaders(cacheControl: hostile(), expires: hostile(), age: hostile(), date: hostile())
            let retry = [hostile()].compactMap { $0 }.map { RetryAfterHeader(value: $0, date: hostile()) }
            let unit = Double(generator.next() % 1000) / 1000
            for outcome in [RefreshPolicy.Outcome.succeeded(headers), .failed(failures: Int(generator.next() % 40))] {
                let wait = policy.next(after: outcome, retryAfter: retry, now: now, unit: unit).at - now
                #expect(wait >= 1 && wait <= 86_400 + 8_640, "\(headers) \(retry)")
            }
        }
    }
}
