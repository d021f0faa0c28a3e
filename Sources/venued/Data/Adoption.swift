import DiningHours
import VenueReports

/// What one source's answer does to the held data, as a value: decoded, judged against the held copy, cached on disk.
struct Adoption: Sendable {
    struct Result: Sendable {
        let attempt: RefreshReport.Attempt
        let adopted: FeedCopy?
        var bytes: [UInt8]? = nil
        let meta: CacheFiles.Meta?
        /// nil: the cache was not touched; .some(nil): written; .some(message): the write failed.
        let cacheWrite: String??
        let log: [(LogLevel, String)]
    }

    let snapshot: Snapshot
    let fetch: RefreshChain.Fetch
    let now: Instant

    func body(_ bytes: [UInt8], validators: Validators) -> Result {
        let feed: Feed
        do { feed = try FeedDecoder.decode(bytes) } catch { return failure(Self.describe(error, bytes)) }
        guard !feed.venues.isEmpty else { return failure("an empty venue list") }
        let held = snapshot.held
        if let zone = snapshot.zone {
            let today = zone.localDate(of: now)
            let verdict = Freshness.judge(held: Answers(Campus(feed: held.feed, zone: zone), today: today),
                                          candidate: Answers(Campus(feed: feed, zone: zone), today: today))
            if case .keep(let reason) = verdict {
                return Result(attempt: attempt(ok: true, "kept the held \(held.source.rawValue) data: \(reason)"), adopted: nil, meta: nil,
                              cacheWrite: nil, log: [(.info, "\(fetch.source.rawValue) data not adopted: \(reason); kept the held \(held.source.rawValue) data")])
            }
        }
        // On disk first: once a client sees the new source, a restart finds it too.
        let meta = CacheFiles.Meta(describing: bytes, source: fetch.source, url: fetch.url, etag: validators.etag,
                                   lastModified: validators.lastModified, fetchedAt: now)
        var detail = "adopted (\(bytes.count) bytes)"
        var log: [(LogLevel, String)] = []
        let written = store(bytes, meta)
        if let written {
            detail += ", but the cache could not be written: \(written)"
            log.append((.error, "\(fetch.source.rawValue) data adopted, but the cache could not be written: \(written);"
                + " venued serves the new copy, and a restart would start from the older one until a write succeeds"))
        }
        log.append((.info, "\(fetch.source.rawValue) data adopted (\(bytes.count) bytes, \(feed.venues.count) venues)"))
        return Result(attempt: attempt(ok: true, detail), adopted: FeedCopy(feed: feed, source: fetch.source, fetchedAt: now),
                      bytes: bytes, meta: meta, cacheWrite: .some(written), log: log)
    }

    func notModified() -> Result {
        guard var meta = snapshot.meta, meta.url == fetch.url else {
            return failure("not modified, but no copy of it is held")
        }
        meta.source = fetch.source
        meta.fetchedAt = now
        return Result(attempt: attempt(ok: true, "adopted (not modified)"),
                      adopted: FeedCopy(feed: snapshot.held.feed, source: fetch.source, fetchedAt: now), meta: meta,
                      cacheWrite: .some(store(nil, meta)),
                      log: [(.info, "\(fetch.source.rawValue) data not modified since the held copy")])
    }

    private func attempt(ok: Bool, _ detail: String) -> RefreshReport.Attempt {
        RefreshReport.Attempt(source: fetch.source, ok: ok, detail: detail)
    }

    private func failure(_ reason: String) -> Result {
        Result(attempt: attempt(ok: false, reason), adopted: nil, meta: nil, cacheWrite: nil,
               log: [(.warning, "\(fetch.source.rawValue) fetch of \(RedactedURL(fetch.url)) failed: \(reason)")])
    }

    /// nil when written, else why not.
    private func store(_ bytes: [UInt8]?, _ meta: CacheFiles.Meta) -> String? {
        do { try DiskCache(directory: snapshot.config.cacheDirectory).store(bytes, meta: meta) } catch {
            return "\(error)"
        }
        return nil
    }

    private static func describe(_ error: FeedError, _ bytes: [UInt8]) -> String {
        let html = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "<")
        return html ? "an HTML page, not JSON" : "\(error)"
    }
}
