import CCurlFetch
import DiningHours
import VenueReports
import VenuedSystem

struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?
}

/// What one GET produced: only a 200 with a body under the cap is a body, else a failure with a reason to act on.
enum FetchResult: Sendable, Equatable {
    case body([UInt8], Validators, FreshnessHeaders), notModified(FreshnessHeaders)
    case failed(String, retryAfter: RetryAfterHeader? = nil)
}

/// One GET through libcurl, bounded inside the transfer by one deadline and a cap on the decoded body, so what the
/// upstream sends cannot make the fetch take longer or hold more.
struct HTTPFetcher: Sendable {
    static let sizeLimit = CacheFiles.sizeLimit
    let timeout: Double

    func fetch(_ url: String, validators: Validators?) -> FetchResult {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failed("'\(RedactedURL(url))' is not an http or https URL")
        }
        // Config allows 0.1-300 s; the clamp keeps any other caller from trapping.
        let milliseconds = Int((min(max(timeout, 0.001), 86_400) * 1000).rounded(.up))
        var result = venued_fetch_result()
        venued_fetch(url, milliseconds, Self.sizeLimit, "venued", validators?.etag, validators?.lastModified, &result)
        defer { venued_fetch_release(&result) }
        switch result.outcome {
        case venued_fetch_completed:
            return answer(to: result, conditional: validators?.etag != nil || validators?.lastModified != nil)
        case venued_fetch_too_large: return .failed("the body is over the \(Self.sizeLimit >> 20) MB cap")
        case venued_fetch_failed where result.curl_code == 28:
            return .failed("no complete answer within \(Seconds.text(timeout)) s")
        case venued_fetch_failed where result.curl_code == 7: return .failed("connection refused")
        default:
            // libcurl's message may quote a host or URL that a redirect named.
            return .failed(UntrustedText.singleLine(Self.text(result.message)))
        }
    }

    private func answer(to result: venued_fetch_result, conditional: Bool) -> FetchResult {
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
        switch result.status {
        case 200:
            return .body(body, Validators(etag: Self.header(result.etag), lastModified: Self.header(result.last_modified)),
                         Self.freshness(result))
        case 304 where conditional: return .notModified(Self.freshness(result))
        case 304:
            // "Not modified" means nothing when no copy was named: it is not a feed.
            return .failed("HTTP 304 to a request that sent no validator")
        default:
            // The upstream's own words, shown by `info` and `refresh` and logged: one clean line.
            let snippet = UntrustedText.singleLine(String(decoding: body.prefix(160), as: UTF8.self))
            // Only these two statuses give Retry-After the meaning "not before" (RFC 9110 10.2.3).
            let retryAfter = result.status == 429 || result.status == 503
                ? Self.header(result.retry_after).map { RetryAfterHeader(value: $0, date: Self.header(result.date)) }
                : nil
            return .failed("HTTP \(result.status)" + (snippet.isEmpty ? "" : ": \(snippet)"), retryAfter: retryAfter)
        }
    }

    private static func freshness(_ result: venued_fetch_result) -> FreshnessHeaders {
        FreshnessHeaders(cacheControl: header(result.cache_control), expires: header(result.expires),
                         age: header(result.age), date: header(result.date))
    }

    private static func header<T>(_ field: T) -> String? { Optional(text(field)).flatMap { $0.isEmpty ? nil : $0 } }

    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
