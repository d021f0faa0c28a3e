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

/// What a copy of the feed answers for in the days people ask about: today and the next 14 (HOURS.md §3.3).
struct Answers: Equatable, Sendable {
    var venues = 0
    var venueDays = 0
    var openVenueDays = 0
    var lastDate: LocalDate?
    static let days = 15
}

extension Answers {
    init(_ campus: Campus, today: LocalDate) {
        self.init()
        let window = today...today.adding(days: Self.days - 1)
        for timetable in campus.timetables {
            let listed = Set(timetable.venue.days.map(\.date).filter(window.contains))
            if !listed.isEmpty { venues += 1 }
            venueDays += listed.count
            openVenueDays += listed.filter(timetable.hasOpenHours).count
        }
        lastDate = campus.coverage?.last
    }
}

/// Keeps good data from being replaced by worse: a fetched copy is refused when, over the next 15 days, it answers for
/// far fewer venues, lists fewer venue-days, or is open on far fewer of them without listing more.
enum Freshness {
    enum Verdict: Equatable { case replace, keep(String) }

    static func judge(held: Answers, candidate: Answers) -> Verdict {
        guard held.venueDays > 0 else {
            guard candidate.venueDays == 0, let heldLast = held.lastDate else { return .replace }
            guard let last = candidate.lastDate, last >= heldLast else {
                return .keep("its last date (\(candidate.lastDate.map { "\($0)" } ?? "none")) is earlier than the held copy's (\(heldLast))")
            }
            return .replace
        }
        let span = "the next \(Answers.days) days"
        if candidate.venues * 2 < held.venues {
            return .keep("it answers for \(candidate.venues) venues in \(span), the held copy for \(held.venues)")
        }
        if candidate.venueDays * 10 < held.venueDays * 9 {
            return .keep("it lists \(candidate.venueDays) venue-days in \(span), the held copy \(held.venueDays)")
        }
        if candidate.openVenueDays * 2 < held.openVenueDays && candidate.venueDays <= held.venueDays {
            return .keep("it has open hours on \(candidate.openVenueDays) venue-days in \(span), the held copy on \(held.openVenueDays)")
        }
        return .replace
    }
}
