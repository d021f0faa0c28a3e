import DiningHours
import Synchronization
import VenueReports
import VenuedProtocol

/// `status` and every `subscribe` push: the `venuectl status` answer computed and
/// rendered by the same reports and formats venuectl uses, from the held feed, so the
/// two can never drift apart.
///
/// The answer lines of the current second are kept by their question: an answer depends
/// only on the data, the options and the instant (to the second), so a hit is exactly
/// the line a fresh computation would give; a prompt on every shell of a machine asks
/// the same question many times a second.
final class StatusAnswer: Sendable {
    /// A bound on what clients can make us keep: lines of one second, ~4 KB each.
    static let lineLimit = 256
    /// And on their bytes: 256 answers at the answer budget would be 64 MB. A prompt's
    /// line is under 100 bytes, a whole campus's JSON a few KB.
    static let lineBytesLimit = 1 << 20
    /// The largest answer line venued sends: status for every venue of a real feed is a
    /// few KB; a question whose answer would be larger is refused rather than computed
    /// into megabytes (a long template times many venues).
    static let answerBudget = 256 << 10

    let prepared: Prepared
    let settings: LiveConfig
    /// The favorites file of venued's own environment, for requests that name none.
    let favoritesFile: String?

    private struct Lines {
        var version = -1
        var second = Int.min
        var byQuestion: [Question: String] = [:]
        /// The same lines by the request's own bytes, for requests that read no file:
        /// a repeated request skips parsing and hashing its options. The zone each was
        /// computed in is kept beside it, since a reload may change venued's own.
        var byRequest: [RequestBytes: (zone: String, line: String)] = [:]
        var bytes = 0
    }

    /// A request line as a key, hashed as one block of bytes (an array of bytes hashes
    /// them one at a time).
    private struct RequestBytes: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// A cached line is for one set of options, favorites and presentation.
    private struct Question: Hashable {
        let options: StatusOptions
        let favorites: Favorites
        let presentation: StatusPresentation?
    }

    private let lines = Mutex(Lines())

    init(prepared: Prepared, settings: LiveConfig, favoritesFile: String?) {
        self.prepared = prepared
        self.settings = settings
        self.favoritesFile = favoritesFile
    }

    /// The zone a question's answers are computed in.
    func zoneName(_ options: StatusOptions) -> String { options.tz ?? settings.current.timeZone }

    func zone(_ options: StatusOptions) throws(ProtocolError) -> ZoneRules {
        do { return try StatusReport.zone(zoneName(options)) } catch { throw ProtocolError(error) }
    }

    /// True when answering may touch the file system (a favorites file, a zone file not
    /// read yet): such a question is answered on a worker, not on the connection loop.
    func readsFiles(_ options: StatusOptions) -> Bool {
        options.favorites || !ZoneDatabase.system.hasRead(zoneName(options))
    }

    func report(_ options: StatusOptions, at now: Instant) throws(ProtocolError) -> StatusReport {
        let (options, favorites) = try resolved(options)
        return try prepared.report(options, favorites: favorites, at: now)
    }

    /// The favorites file `options` reads, if any.
    func favoritesPath(_ options: StatusOptions) -> String? { Favorites.path(for: options, fallbackPath: favoritesFile) }

    /// The status report for `options` with `favorites` already read (`PushRenderer`
    /// reads them with a deadline).
    func report(_ options: StatusOptions, favorites: Favorites, at now: Instant) throws(ProtocolError) -> StatusReport {
        var options = options
        options.tz = zoneName(options)
        return try prepared.report(options, favorites: favorites, at: now)
    }

    /// Venue queries a question may hold and still be answered on the connection loop.
    static let cheapVenueQueries = 8

    /// True for a question that may take the connection loop a millisecond or more to
    /// answer, rather than the tenth of one a prompt's takes: a template (each venue's
    /// line rendered from up to 1 KB of it), or many venue queries (each searched among
    /// every name). Asked for the first time this second, it is answered on a worker,
    /// so that a client flooding such questions costs the loop no more than their parsing.
    static func isCostly(_ options: StatusOptions, presentation: StatusPresentation?) -> Bool {
        if options.venues.count > cheapVenueQueries { return true }
        if case .template? = presentation?.format { return true }
        return false
    }

    /// The line of this second for this question, if it was asked already; nil otherwise.
    func cachedLine(_ options: StatusOptions, presentation: StatusPresentation?, at now: Instant) throws(ProtocolError) -> String? {
        let (options, favorites) = try resolved(options)
        return kept(Question(options: options, favorites: favorites, presentation: presentation), version: prepared.version, at: now)
    }

    /// The line kept for `question` from data `version` in `now`'s second.
    private func kept(_ question: Question, version: Int, at now: Instant) -> String? {
        lines.withLock { lines in
            guard lines.version == version, lines.second == now.secondsSinceEpoch else { return nil }
            return lines.byQuestion[question]
        }
    }

    /// The `status` answer line, JSON or rendered text, from the lines of this second
    /// when it was asked before.
    func line(_ options: StatusOptions, presentation: StatusPresentation?, at now: Instant) throws(ProtocolError) -> String {
        let (options, favorites) = try resolved(options)
        let question = Question(options: options, favorites: favorites, presentation: presentation)
        let version = prepared.version
        let second = now.secondsSinceEpoch
        if let hit = kept(question, version: version, at: now) { return hit }
        let computed = try prepared.compute(options, favorites: favorites, at: now)
        let line = presentation.map {
            Reply.ok([("source", JSONText.quote(computed.report.source.rawValue)), ("text", JSONText.quote($0.render(computed.report)))])
        } ?? Reply.ok(StatusJSON.members(computed.report))
        guard line.utf8.count <= Self.answerBudget else {
            throw ProtocolError("the answer would be over \(Self.answerBudget >> 10) KB: ask for fewer venues or a shorter template")
        }
        // Kept only if computed from the data read above, and for the latest second.
        guard computed.version == version else { return line }
        lines.withLock { lines in
            if lines.version != version || lines.second != second {
                guard version > lines.version || (version == lines.version && second > lines.second) else { return }
                lines = Lines(version: version, second: second)
            }
            let size = line.utf8.count
            guard lines.byQuestion.count < Self.lineLimit, lines.bytes + size <= Self.lineBytesLimit,
                  lines.byQuestion[question] == nil else { return }
            lines.byQuestion[question] = line
            lines.bytes += size
        }
        return line
    }

    /// The line of this second for a request that asked exactly these bytes before, if
    /// it is kept (see `remember`).
    func line(forRequest bytes: [UInt8], at now: Instant) -> String? {
        let version = prepared.version
        let second = now.secondsSinceEpoch
        guard let kept = lines.withLock({ lines -> (zone: String, line: String)? in
            guard lines.version == version, lines.second == second else { return nil }
            return lines.byRequest[RequestBytes(bytes: bytes)]
        }) else { return nil }
        return kept.zone == settings.timeZone ? kept.line : nil
    }

    /// Keeps `line`, the answer to the request `bytes` asking `options`, for the rest of
    /// this second: only when the options read no file (no favorites; a zone already
    /// read) and `line` is a line of this second's lines (so computed from the data
    /// now held), under the same bound as those.
    func remember(_ line: String, forRequest bytes: [UInt8], _ options: StatusOptions, at now: Instant) {
        guard !readsFiles(options), bytes.count <= 1024 else { return }
        let zone = zoneName(options)
        let version = prepared.version
        let second = now.secondsSinceEpoch
        lines.withLock { lines in
            let size = line.utf8.count + bytes.count
            guard lines.version == version, lines.second == second, lines.byRequest.count < Self.lineLimit,
                  lines.bytes + size <= Self.lineBytesLimit else { return }
            lines.byRequest[RequestBytes(bytes: bytes)] = (zone, line)
            lines.bytes += size
        }
    }

    /// The options with the zone set, and the favorites read now: the file is read on
    /// every question that asks for it (a few microseconds), so an edit counts at once.
    private func resolved(_ options: StatusOptions) throws(ProtocolError) -> (StatusOptions, Favorites) {
        var options = options
        options.tz = zoneName(options)
        do { return (options, try Favorites.load(for: options, fallbackPath: favoritesFile)) } catch { throw ProtocolError(error) }
    }
}
