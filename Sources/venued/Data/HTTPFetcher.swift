import CCurlFetch

/// The HTTP validators of a cached copy, sent back for a conditional GET.
struct Validators: Sendable, Equatable {
    var etag: String?
    var lastModified: String?
}

/// What one GET produced. Only a 200 with a body under the cap is a body; anything
/// else is a failure with a reason a person can act on.
enum FetchResult: Sendable, Equatable {
    case body([UInt8], Validators)
    case notModified
    case failed(String)
}

/// One GET through libcurl (CCurlFetch), bounded inside the transfer: one deadline for
/// the whole of it, and a cap on the decoded body that stops the transfer at the byte
/// past it, so what the upstream sends cannot make the fetch take longer or hold more.
struct HTTPFetcher: Sendable {
    /// Real feeds are ~60 KB; a body this large is not a venue list.
    static let sizeLimit = 4 << 20

    /// Seconds for connecting, sending and receiving together; fractions count.
    let timeout: Double

    func fetch(_ url: String, validators: Validators?) -> FetchResult {
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
            return .failed("'\(url)' is not an http or https URL")
        }
        // Config allows 0.1-300 s; the clamp keeps any other caller from trapping.
        let milliseconds = Int((min(max(timeout, 0.001), 86_400) * 1000).rounded(.up))
        var result = venued_fetch_result()
        venued_fetch(url, milliseconds, Self.sizeLimit, "venued", validators?.etag, validators?.lastModified, &result)
        defer { venued_fetch_release(&result) }
        switch result.outcome {
        case venued_fetch_completed:
            return answer(to: result, conditional: validators?.etag != nil || validators?.lastModified != nil)
        case venued_fetch_too_large:
            return .failed("the body is over the \(Self.sizeLimit >> 20) MB cap")
        case venued_fetch_failed where result.curl_code == 28:
            return .failed("no complete answer within \(Self.seconds(timeout)) s")
        case venued_fetch_failed where result.curl_code == 7:
            return .failed("connection refused")
        default:
            return .failed(Self.text(result.message))
        }
    }

    private func answer(to result: venued_fetch_result, conditional: Bool) -> FetchResult {
        let body = result.body.map { Array(UnsafeBufferPointer(start: $0, count: result.length)) } ?? []
        switch result.status {
        case 200:
            let etag = Self.text(result.etag), lastModified = Self.text(result.last_modified)
            return .body(body, Validators(etag: etag.isEmpty ? nil : etag, lastModified: lastModified.isEmpty ? nil : lastModified))
        case 304 where conditional:
            return .notModified
        case 304:
            // "Not modified" means nothing when no copy was named: it is not a feed.
            return .failed("HTTP 304 to a request that sent no validator")
        default:
            let snippet = String(decoding: body.prefix(160), as: UTF8.self).map { $0.isNewline || $0 == "\t" ? " " : $0 }
            return .failed("HTTP \(result.status)" + (snippet.isEmpty ? "" : ": \(String(snippet))"))
        }
    }

    /// A NUL-terminated C array field as a String.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// 10 as "10", 1.5 as "1.5".
    private static func seconds(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }
}
